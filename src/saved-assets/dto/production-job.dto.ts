import { ApiProperty } from '@nestjs/swagger';
import { MeasureDto } from './job-input.dto';

/** A file format outputs come in. */
export class AssetFormatDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 10 })
  id: number;

  @ApiProperty({ example: 'dst', description: 'Lower case, without the dot.' })
  extension: string;

  @ApiProperty({ example: 'application/x-dst' })
  mimeType: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'The client a format is private to; null for the formats every client has.',
  })
  clientHandle: string | null;

  @ApiProperty({ example: false })
  requiresConversion: boolean;

  @ApiProperty({ example: false })
  isImage: boolean;

  @ApiProperty({ example: false })
  isRaster: boolean;

  @ApiProperty({
    type: () => AssetFormatDto,
    nullable: true,
    description: 'What a format that requires conversion is converted to (one level deep).',
  })
  conversionAssetFormat: AssetFormatDto | null;

  @ApiProperty({ example: 'Tajima DST embroidery' })
  name: string;
}

export class OutputDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 5012 })
  id: number;

  @ApiProperty({ type: 'integer', format: 'int32', nullable: true, example: null })
  convertedAssetId: number | null;

  @ApiProperty({ example: 'https://provider.example.com/jobs/77812/design.dst' })
  uri: string;

  @ApiProperty({ type: AssetFormatDto })
  assetFormat: AssetFormatDto;
}

export class JobResultDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 3107 })
  id: number;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-30T14:05:00.000Z' })
  receivedDate: string;

  @ApiProperty({ type: 'integer', format: 'int32', nullable: true, example: 12840 })
  threadCount: number | null;

  @ApiProperty({ type: MeasureDto, nullable: true })
  actualHeight: MeasureDto | null;

  @ApiProperty({ type: MeasureDto, nullable: true })
  actualWidth: MeasureDto | null;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-30T14:05:00.000Z' })
  lastModification: string;

  @ApiProperty({ type: [OutputDto] })
  outputs: OutputDto[];
}

/** A production job of a saved asset, with the spec's field names. */
export class ProductionJobDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 2201 })
  id: number;

  @ApiProperty({ type: 'integer', format: 'int32', example: 1042 })
  uploadedAssetId: number;

  @ApiProperty({ example: 'demo' })
  clientHandle: string;

  @ApiProperty({ example: 'wilcom-digitizing' })
  providerHandle: string;

  @ApiProperty({ type: String, nullable: true, example: 'WD-77812' })
  providerReference: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'JOB-2026-0042' })
  reference: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'PO-88731-1' })
  clientReference: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'left-chest-3.5in' })
  template: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Navy' })
  productColor: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Left Chest' })
  placement: string | null;

  @ApiProperty({ type: MeasureDto, nullable: true })
  placementWidth: MeasureDto | null;

  @ApiProperty({ type: MeasureDto, nullable: true })
  placementHeight: MeasureDto | null;

  @ApiProperty({ type: String, nullable: true, example: 'Reduced to 9 colours.' })
  notes: string | null;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-29T09:12:00.000Z' })
  createdDate: string;

  @ApiProperty({ type: String, nullable: true, example: 'Standard' })
  workFlowType: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Embroidery' })
  embellishmentType: string | null;

  @ApiProperty({ example: 'Completed' })
  status: string;

  @ApiProperty({
    type: JobResultDto,
    nullable: true,
    description: 'Null until the provider reports back.',
  })
  result: JobResultDto | null;

  @ApiProperty({ type: String, nullable: true })
  specificationUri: string | null;

  @ApiProperty({ type: String, nullable: true })
  dstUri: string | null;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-03-30T14:05:00.000Z' })
  lastModification: string;
}

export class ProductionJobEnvelopeDto {
  @ApiProperty({ type: ProductionJobDto })
  data: ProductionJobDto;
}
