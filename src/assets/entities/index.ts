import { UploadedAssetEntity } from './uploaded-asset.entity';

/** The tables the assets module owns. */
export const ASSET_ENTITIES = [UploadedAssetEntity];
