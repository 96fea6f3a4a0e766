import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import {
  CaseInsensitiveEnum,
  LenientBoolean,
  LenientInt,
  OptionalText,
} from '../../common/validation/lenient';
import { SORT_ORDERS, SortOrder } from '../saved-asset-list.repository';
import { SavedUploadedAssetDto } from './saved-asset.dto';

export const MAX_SAVED_ASSET_PAGE_SIZE = 500;
const MAX_PAGE = 1_000_000;

/** The query of the list routes, all optional. */
export class SavedAssetListQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'true: each item carries the whole upload (`uploadedAsset`: size, type, pixel size, uri). The path form include-uploaded-assets/{includeUploadedAssets} wins over this.',
  })
  @IsOptional()
  @LenientBoolean()
  includeUploadedAssets?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE,
    default: 1,
    description: '1-based; ignored without pageSize. A page past the end is empty.',
  })
  @IsOptional()
  @LenientInt(1, MAX_PAGE)
  page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SAVED_ASSET_PAGE_SIZE,
    description: `Items per page, at most ${MAX_SAVED_ASSET_PAGE_SIZE}; omitted: paging is off and every item is listed.`,
  })
  @IsOptional()
  @LenientInt(1, MAX_SAVED_ASSET_PAGE_SIZE)
  pageSize?: number;

  @OptionalText(100, {
    example: 'wilcom-digitizing',
    description: 'Only assets with a production job of this provider (providerHandle, any case).',
  })
  service?: string | null;

  @OptionalText(50, {
    example: 'Embroidery',
    description:
      'Only assets with a production job of this embellishment type (any case). With service, one job must match both.',
  })
  embellishmentType?: string | null;

  @ApiPropertyOptional({
    enum: SORT_ORDERS,
    default: 'RecentlyUsed',
    description:
      'RecentlyUsed: last modification (of the asset or one of its jobs), newest first; Newest / Oldest: by creation; Name: userFacingFileName, any case. Any case.',
  })
  @IsOptional()
  @CaseInsensitiveEnum(SORT_ORDERS)
  sortOrder?: SortOrder;
}

export class PagingDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 1 })
  totalRecords: number;

  @ApiProperty({ type: 'integer', format: 'int32', example: 1 })
  pageCount: number;

  @ApiProperty({ type: 'integer', format: 'int32', example: 1 })
  page: number;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 50,
    description: 'Without paging: the number of items listed.',
  })
  pageSize: number;
}

/** The saved-asset list envelope of the spec. */
export class SavedAssetListEnvelopeDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-03-30T14:05:00.000Z',
    description:
      'The latest last modification among the matching items (all pages); 1970-01-01T00:00:00.000Z when nothing matches.',
  })
  lastModification: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  error: string | null;

  @ApiProperty({ example: '1.0.0' })
  apiVersion: string;

  @ApiProperty({
    example: 'AfoO01vWutb1C6lHVCpCqw==',
    description:
      'Base64 MD5 of the rest of the envelope: it changes exactly when the answer does. The ETag header carries it.',
  })
  hash: string;

  @ApiProperty({ type: PagingDto })
  paging: PagingDto;

  @ApiProperty({ type: [SavedUploadedAssetDto], description: 'The items (as `data`).' })
  contents: SavedUploadedAssetDto[];

  @ApiProperty({
    type: [SavedUploadedAssetDto],
    description: 'The same items, under the name of the machine-readable description.',
  })
  data: SavedUploadedAssetDto[];
}
