import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { OptionalText, RequiredText } from '../../common/validation/lenient';
import { OneLine } from '../../common/validation/one-line';
import { NestedList } from '../../common/validation/lists';
import { StringRecord } from '../../common/validation/records';
import { EMBELLISHMENTS, Embellishment } from '../product-definition';
import { Handle } from './handle';
import { PrintSettingsInputDto } from './print-settings.dto';
import { ViewAngleDto } from './view-angle.dto';
import { colourMessage, HEX_COLOUR } from '../../common/validation/colour';

/** Largest side of a print area, in millimetres. */
export const MAX_PRINT_MM = 5000;

export class OptionValueDto {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100, example: 'black' })
  @IsString()
  @Matches(/^\S(.{0,98}\S)?$/, {
    message: '$property must be 1–100 characters without surrounding spaces',
  })
  value: string;

  @OptionalText(200, { example: 'Black' })
  name?: string | null;

  @ApiPropertyOptional({ type: String, pattern: HEX_COLOUR.source, example: '#1a1a1a' })
  @IsOptional()
  @Matches(HEX_COLOUR, { message: colourMessage })
  hex?: string;
}

export class OptionDto {
  @Handle('colour')
  handle: string;

  @OptionalText(200, { example: 'Colour' })
  name?: string | null;

  @NestedList(OptionValueDto, { max: 100, min: 1 })
  values: OptionValueDto[];
}

export class SkuDto {
  @RequiredText(100, { example: 'TEE-BLK-M' })
  sku: string;

  @StringRecord({ max: 20, example: { colour: 'black', size: 'M' } })
  options: Record<string, string>;

  @ApiProperty({ type: Number, minimum: 0, maximum: 1_000_000, example: 12.5 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1_000_000)
  unitPrice: number;
}

export class PrintAreaDto {
  @ApiProperty({ type: Number, minimum: 0.1, maximum: MAX_PRINT_MM, example: 300 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(MAX_PRINT_MM)
  widthMm: number;

  @ApiProperty({ type: Number, minimum: 0.1, maximum: MAX_PRINT_MM, example: 400 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(MAX_PRINT_MM)
  heightMm: number;
}

export class LocationDto {
  @Handle('front')
  handle: string;

  @OptionalText(200, { example: 'Front' })
  name?: string | null;

  @ApiProperty({ type: PrintAreaDto })
  @IsObject({ message: '$property must be an object with widthMm and heightMm' })
  @ValidateNested()
  @Type(() => PrintAreaDto)
  printArea: PrintAreaDto;

  @ApiPropertyOptional({ type: 'integer', minimum: 72, maximum: 1200, default: 300 })
  @IsOptional()
  @IsInt()
  @Min(72)
  @Max(1200)
  dpi?: number;

  @ApiPropertyOptional({ enum: EMBELLISHMENTS, default: 'print' })
  @IsOptional()
  @IsIn(EMBELLISHMENTS, { message: `$property must be one of: ${EMBELLISHMENTS.join(', ')}` })
  embellishment?: Embellishment;

  @ApiPropertyOptional({
    type: PrintSettingsInputDto,
    description:
      "Overrides of the client's print settings (GET /api/catalog/{clientHandle}/print-settings) for this location's files.",
  })
  @IsOptional()
  @IsObject({ message: '$property must be an object of print settings' })
  @ValidateNested()
  @Type(() => PrintSettingsInputDto)
  print?: PrintSettingsInputDto;
}

export class RenderStateDto {
  @Handle('lid')
  handle: string;

  @ApiProperty({ type: [String], minItems: 1, maxItems: 50, example: ['open', 'closed'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Matches(/^[^,:\s]{1,64}$/, {
    each: true,
    message: '$property must be 1–64 characters without commas, colons or spaces',
  })
  values: string[];

  @ApiProperty({ type: String, example: 'closed' })
  @IsString()
  @MaxLength(64)
  default: string;
}

export class RenderStatePresetDto {
  @Handle('print-output')
  handle: string;

  @StringRecord({ max: 20, example: { background: 'transparent', lid: 'closed' } })
  states: Record<string, string>;
}

/** A product as an admin writes it (create and replace). */
export class ProductInputDto {
  @Handle('demo-tee', 'Unique within the client (case-insensitive); stored lower-case.')
  handle: string;

  @OneLine({ required: true })
  @RequiredText(200, { example: 'Demo tee' })
  name: string;

  @OptionalText(2000)
  description?: string | null;

  @NestedList(OptionDto, { max: 20, optional: true })
  options?: OptionDto[];

  @NestedList(SkuDto, { max: 2000, optional: true })
  skus?: SkuDto[];

  @NestedList(LocationDto, { max: 20, min: 1 })
  locations: LocationDto[];

  @NestedList(ViewAngleDto, { max: 50, optional: true })
  viewAngles?: ViewAngleDto[];

  @NestedList(RenderStateDto, { max: 20, optional: true })
  renderStates?: RenderStateDto[];

  @NestedList(RenderStatePresetDto, { max: 50, optional: true })
  renderStatePresets?: RenderStatePresetDto[];

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    example: true,
    description:
      'Whether designs of this product may be shared (POST /api/share/send); false: 401 for its recipe sets, and their share pages answer 410. Default true.',
  })
  @IsOptional()
  @IsBoolean()
  sharingEnabled?: boolean;
}

/** A stored product: the definition with its defaults, version and times. */
export class ProductDto extends ProductInputDto {
  @ApiProperty({ type: 'integer', example: 1, description: 'Incremented on every replacement.' })
  version: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdDate: string;

  @ApiProperty({ type: String, format: 'date-time' })
  lastModifiedDate: string;
}

export class ProductSummaryDto {
  @ApiProperty({ example: 'demo-tee' }) handle: string;
  @ApiProperty({ example: 'Demo tee' }) name: string;
  @ApiProperty({ type: 'integer', example: 1 }) version: number;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: string;
  @ApiProperty({ type: String, format: 'date-time' }) lastModifiedDate: string;
}

export class ProductEnvelopeDto {
  @ApiProperty({ type: ProductDto }) data: ProductDto;
}

export class ProductListEnvelopeDto {
  @ApiProperty({ type: [ProductSummaryDto] }) data: ProductSummaryDto[];
}
