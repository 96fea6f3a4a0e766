import { AssetFormatEntity } from './asset-format.entity';
import { JobResultEntity } from './job-result.entity';
import { OutputEntity } from './output.entity';
import { ProductionJobEntity } from './production-job.entity';
import { SavedUploadedAssetEntity } from './saved-uploaded-asset.entity';

/** The tables the saved-assets module owns. */
export const SAVED_ASSET_ENTITIES = [
  AssetFormatEntity,
  SavedUploadedAssetEntity,
  ProductionJobEntity,
  JobResultEntity,
  OutputEntity,
];
