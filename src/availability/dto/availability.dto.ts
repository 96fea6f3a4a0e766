import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_AMOUNT, MAX_PERCENTAGE, MIN_PERCENTAGE } from '../pricing';

export class AdjustmentDto {
  @ApiProperty({
    enum: ['amount', 'percentage'],
    example: 'percentage',
    description:
      'An absolute amount added to the base price (negative: a discount), or a percentage of it.',
  })
  type: 'amount' | 'percentage';

  @ApiProperty({
    type: Number,
    minimum: -MAX_AMOUNT,
    maximum: MAX_AMOUNT,
    example: -10,
    description: `The amount (two decimals), or the percentage: ${MIN_PERCENTAGE} to ${MAX_PERCENTAGE}.`,
  })
  value: number;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-12-01T00:00:00Z',
    description: 'When the adjustment starts to apply (inclusive); null: already.',
  })
  effectiveFrom?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2027-01-01T00:00:00Z',
    description: 'When it stops applying (exclusive), after effectiveFrom; null: never.',
  })
  effectiveUntil?: string | null;
}

export class AvailabilityDto {
  @ApiProperty({ enum: ['available', 'unavailable', 'backorder'], example: 'backorder' })
  status: 'available' | 'unavailable' | 'backorder';

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    example: '2027-02-15',
    description: 'When the SKU is expected back: required for backorder, ignored otherwise.',
  })
  expectedDate?: string | null;
}

export class SkuChangeDto {
  @ApiPropertyOptional({
    type: AdjustmentDto,
    nullable: true,
    description: 'The new price adjustment; null removes it; absent leaves it as it is.',
  })
  adjustment?: AdjustmentDto | null;

  @ApiPropertyOptional({
    type: AvailabilityDto,
    description: 'The new availability; absent leaves it as it is.',
  })
  availability?: AvailabilityDto;
}

export class SkuPriceDto {
  @ApiProperty({ example: 'demo-tee' })
  productHandle: string;

  @ApiProperty({ example: 'Demo T-shirt' })
  productName: string;

  @ApiProperty({ example: 'TEE-WHT-S' })
  sku: string;

  @ApiProperty({ type: Number, example: 20, description: 'The unit price of the catalog.' })
  basePrice: number;

  @ApiProperty({ type: AdjustmentDto, nullable: true })
  adjustment: AdjustmentDto | null;

  @ApiProperty({ example: true, description: 'Whether the adjustment applies now.' })
  adjustmentActive: boolean;

  @ApiProperty({
    type: Number,
    example: 18,
    description:
      'The price now: the base price with the adjustment when it applies (never below 0).',
  })
  effectivePrice: number;

  @ApiProperty({ type: AvailabilityDto })
  availability: AvailabilityDto;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Last change.' })
  lastModifiedDate: string | null;
}

export class SkuPriceEnvelopeDto {
  @ApiProperty({ type: SkuPriceDto })
  data: SkuPriceDto;
}

export class SkuPriceListEnvelopeDto {
  @ApiProperty({ type: [SkuPriceDto] })
  data: SkuPriceDto[];
}

export class SkuSettingsDto {
  @ApiProperty({ type: AdjustmentDto, nullable: true })
  adjustment: AdjustmentDto | null;

  @ApiProperty({ type: AvailabilityDto })
  availability: AvailabilityDto;
}

export class AvailabilityChangeDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'TEE-WHT-S' })
  sku: string;

  @ApiProperty({ format: 'date-time' })
  changedDate: string;

  @ApiProperty({
    example: '5f0c6f9e-3b7e-4e59-9a43-2f1f9d0e8a11',
    description: 'The API token that made the change.',
  })
  tokenId: string;

  @ApiProperty({ enum: ['User', 'Admin', 'ServiceAdmin'], example: 'Admin' })
  role: string;

  @ApiProperty({ type: SkuSettingsDto })
  before: SkuSettingsDto;

  @ApiProperty({ type: SkuSettingsDto })
  after: SkuSettingsDto;
}

export class AvailabilityHistoryEnvelopeDto {
  @ApiProperty({ type: [AvailabilityChangeDto] })
  data: AvailabilityChangeDto[];
}
