import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UploadedAssetDto } from '../../assets';
import { ApiLenientInt } from '../../common/openapi/lenient-schemas';
import { INT32_MAX } from '../../common/validation/int32';
import { LenientInt, OptionalText, RequiredText } from '../../common/validation/lenient';
import { ProductionJobDto } from './production-job.dto';

export const SAVED_ASSET_LIMITS = {
  referenceLength: 200,
  fileNameLength: 255,
} as const;

/** `POST /api/assets/saved`: an upload saved into an organization's library. */
export class SaveAssetDto {
  @ApiLenientInt({
    minimum: 1,
    maximum: INT32_MAX,
    example: 19,
    description: 'An upload of the client (POST /api/assets/uploaded).',
  })
  @LenientInt(1, INT32_MAX)
  uploadedAssetId: number;

  @RequiredText(SAVED_ASSET_LIMITS.referenceLength, { example: 'ORG-1042' })
  organizationIdentifier: string;

  @RequiredText(SAVED_ASSET_LIMITS.referenceLength, { example: 'CUST-88731' })
  clientAccountReference: string;

  @OptionalText(SAVED_ASSET_LIMITS.fileNameLength, {
    example: 'team-logo.png',
    description: "Default: the upload's file name.",
  })
  userFacingFileName?: string | null;

  @OptionalText(SAVED_ASSET_LIMITS.referenceLength, {
    example: 'SVC-5521',
    description: "A production service's own reference for the asset.",
  })
  serviceAssetReference?: string | null;
}

export class AssetMetaDataDto {
  @ApiProperty({
    description: 'Where the artwork is served (PascalCase, as existing integrations read it).',
    example:
      'https://cdn.example.com/uploads/50/50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c.png',
  })
  Url: string;
}

/** An asset of an organization's library, with its production jobs. */
export class SavedUploadedAssetDto {
  @ApiProperty({
    type: 'integer',
    format: 'int32',
    nullable: true,
    example: 311,
    description:
      'Null only for a plain upload that was never saved (listed by the include-uploaded-assets/true path form).',
  })
  id: number | null;

  @ApiProperty({ type: 'integer', format: 'int32', example: 1042 })
  uploadedAssetId: number;

  @ApiProperty({
    example:
      'https://cdn.example.com/uploads/50/50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c.png',
  })
  uploadedAssetUri: string;

  @ApiProperty({ type: AssetMetaDataDto })
  metaData: AssetMetaDataDto;

  @ApiProperty({ type: String, nullable: true, example: 'SVC-5521' })
  serviceAssetReference: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'CUST-88731',
    description: 'Null only for a plain upload filed without one.',
  })
  clientAccountReference: string | null;

  @ApiProperty({ example: 'ORG-1042' })
  organizationIdentifier: string;

  @ApiProperty({ example: 'team-logo.png' })
  userFacingFileName: string;

  @ApiProperty({ type: [ProductionJobDto], nullable: true })
  productionJobs: ProductionJobDto[] | null;

  @ApiProperty({ example: true })
  hasProductionJob: boolean;

  @ApiProperty({ example: 'demo' })
  clientHandle: string;

  @ApiProperty({ example: true })
  active: boolean;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-29T09:10:00.000Z' })
  createdDate: string;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-30T14:05:00.000Z' })
  lastModification: string;

  @ApiPropertyOptional({
    type: UploadedAssetDto,
    description:
      'The whole upload (size, type, pixel size, uri): only with includeUploadedAssets=true.',
  })
  uploadedAsset?: UploadedAssetDto;
}

export class SavedAssetEnvelopeDto {
  @ApiProperty({ type: SavedUploadedAssetDto })
  data: SavedUploadedAssetDto;
}
