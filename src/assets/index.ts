/**
 * What other modules may use of the assets module. Everything else in this folder is its own
 * business (lint forbids deep imports from outside).
 */
export { AssetsModule } from './assets.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { AssetsHttpModule } from './assets-http.module';
export { AssetsService, parseAssetId, UPLOADS_NAMESPACE } from './assets.service';
export type { OwnedAsset, UploadInput, UploadMeta } from './assets.service';
export { UploadedAssetNotFound, InvalidUploadedAssetId } from './assets.errors';
export {
  UploadAssetFieldsDto,
  UploadedAssetDto,
  UploadedAssetResponseDto,
} from './dto/uploaded-asset.dto';
export { AssetPurpose } from './entities/uploaded-asset.entity';
export { sanitizeFileName } from './file-name';
/** For relations (foreign keys) of other modules' entities, and the whole-schema list. */
export { UploadedAssetEntity } from './entities/uploaded-asset.entity';
/** For other modules' SQL: the table's name (they import it, not write it). */
export { UPLOADED_ASSET_TABLE } from './entities/uploaded-asset.entity';
export { ASSET_ENTITIES } from './entities';
