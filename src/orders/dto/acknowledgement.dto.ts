import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiIntEnum, ApiLenientDate, ApiLenientInt } from '../../common/openapi/lenient-schemas';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  CaseInsensitiveEnum,
  IntEnum,
  LenientBoolean,
  LenientDate,
  LenientInt,
  LenientNumber,
  LenientString,
  RequiredText,
  OptionalText,
} from '../../common/validation/lenient';
import {
  FULFILLMENT_TYPES,
  FulfillmentType,
  PRIORITY_CODES,
  PROOF_STATUS_CODES,
  PROOF_STATUSES,
  ProofStatus,
  WORKFLOW_STATUSES,
  WorkflowStatus,
} from '../order.enums';
import { AddressDto } from './address.dto';

export const MAX_LINE_ITEMS = 500;
const MAX_SKU_QUANTITIES = 100;
const MAX_QUANTITY = 1_000_000;
const QUANTITY = { minimum: 0, maximum: MAX_QUANTITY };

/**
 * Tracking numbers: one, or a list (documented for both DTOs that take them). `isArray: false`
 * keeps the Swagger plugin from wrapping the alternatives into the items of an array.
 */
export const TRACKING_SCHEMA = {
  type: String,
  isArray: false,
  anyOf: [
    { type: 'string', maxLength: 200 },
    { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
  ],
};

/** A string, or a list of strings (the live integration sends tracking numbers as an array). */
export const toStringList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? [value] : typeof value === 'number' ? [String(value)] : value;

export class SkuQuantityDto {
  @OptionalText(100, { example: 'TSHIRT-BLK-M' })
  sku?: string | null;

  @ApiLenientInt({
    ...QUANTITY,
    example: 2,
    description: 'A JSON number or a numeric string ("2").',
  })
  @LenientInt(0, MAX_QUANTITY)
  quantity: number;
}

export class ComponentDto {
  @OptionalText(200) name?: string | null;
  @OptionalText(200)
  clientIdentifier?: string | null;
  @OptionalText(1000)
  description?: string | null;
  @ApiPropertyOptional({ type: 'integer', format: 'int32', ...QUANTITY })
  @IsOptional()
  @LenientInt(0, MAX_QUANTITY)
  quantity?: number;
  @ApiPropertyOptional({ type: 'number', format: 'double' })
  @IsOptional()
  @LenientNumber()
  unitPrice?: number;
}

/** A line item as acknowledgements send it. */
export class LineItemInputDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 64,
    example: 'ABCD2345',
    description: 'Readable id (8 characters) or UUID.',
  })
  @IsOptional()
  @LenientString(64)
  recipeSetId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, maxLength: 64 })
  @IsOptional()
  @LenientString(64)
  recipeSetUuid?: string | null;

  @OptionalText(200)
  externalLineItemId?: string | null;
  @OptionalText(2000)
  giftMessage?: string | null;

  @ApiPropertyOptional({
    enum: WorkflowStatus,
    description: 'Initial status; default not-started.',
  })
  @IsOptional()
  @CaseInsensitiveEnum(WORKFLOW_STATUSES)
  workflowStatus?: WorkflowStatus | null;

  @ApiPropertyOptional({ enum: ProofStatus, nullable: true })
  @IsOptional()
  @CaseInsensitiveEnum(PROOF_STATUSES)
  proofStatus?: ProofStatus | null;

  @ApiPropertyOptional({ type: Boolean }) @IsOptional() @LenientBoolean() isReorder?:
    boolean | null;
  @OptionalText(200, { example: 'UPS' })
  shipmentVendor?: string | null;

  @ApiPropertyOptional({
    ...TRACKING_SCHEMA,
    nullable: true,
    example: ['1Z999AA10123456784'],
  })
  @IsOptional()
  @Transform(toStringList)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  shipmentTracking?: string[] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 100,
    description: 'Legacy: a single SKU on the line item.',
  })
  @IsOptional()
  @LenientString(100)
  sku?: string | null;

  @ApiLenientInt({
    ...QUANTITY,
    required: false,
    nullable: true,
    description: 'Legacy: the quantity of `sku`.',
  })
  @IsOptional()
  @LenientInt(0, MAX_QUANTITY)
  quantity?: number | null;

  @ApiPropertyOptional({ type: 'number', format: 'double' })
  @IsOptional()
  @LenientNumber()
  unitPrice?: number | null;
  @OptionalText(100) size?: string | null;
  @OptionalText(200)
  productName?: string | null;

  @ApiLenientDate({ required: false, nullable: true })
  @IsOptional()
  @LenientDate()
  estimatedDeliveryDate?: Date | null;

  @ApiPropertyOptional({ type: [SkuQuantityDto], nullable: true, maxItems: MAX_SKU_QUANTITIES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SKU_QUANTITIES)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SkuQuantityDto)
  skuQuantities?: SkuQuantityDto[] | null;

  @ApiPropertyOptional({ type: [ComponentDto], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ComponentDto)
  components?: ComponentDto[] | null;

  @ApiPropertyOptional({ type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  serialNumbers?: string[] | null;
}

/** Legacy alternative to lineItems. */
export class RecipeSetSkuQuantityDto {
  @OptionalText(64, { example: 'ABCD2345' })
  recipeSetId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, maxLength: 64 })
  @IsOptional()
  @LenientString(64)
  recipeSetUuid?: string | null;

  @ApiPropertyOptional({ type: [SkuQuantityDto], nullable: true, maxItems: MAX_SKU_QUANTITIES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SKU_QUANTITIES)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SkuQuantityDto)
  skuQuantities?: SkuQuantityDto[] | null;
}

/** OrderAcknowledgement: the payload of POST /api/order/acknowledgement(s) and POST /api/order. */
export class OrderAcknowledgementDto {
  @RequiredText(100, { example: '42015953' })
  purchaseOrderNumber: string;

  @ApiLenientDate({
    example: '2022-01-31T13:15:05.2151663-05:00',
    description: 'ISO 8601 with any offset; date-only means midnight UTC.',
  })
  @LenientDate()
  orderDate: Date;

  @OptionalText(200)
  accountNumber?: string | null;
  @OptionalText(200)
  organizationId?: string | null;
  @OptionalText(254, { example: 'jane@example.com' })
  emailAddress?: string | null;
  @OptionalText(200)
  orderReference?: string | null;
  @OptionalText(200)
  customerServiceContact?: string | null;
  @OptionalText(50, { example: '+1 555 0100' })
  phoneNumber?: string | null;
  @OptionalText(200)
  serialNumber?: string | null;

  @ApiIntEnum(PROOF_STATUS_CODES, {
    required: false,
    nullable: true,
    description:
      'ProofStatusCode: 1 = Requested, 2 = Fulfilled. Also accepted: "1", "Requested", "fulfilled".',
  })
  @IsOptional()
  @IntEnum(PROOF_STATUS_CODES)
  proofStatus?: number | null;

  @ApiIntEnum(PRIORITY_CODES, {
    required: false,
    nullable: true,
    example: 2,
    description:
      'Priority: 0 Lowest, 1 Lower, 2 Normal, 3 Higher, 4 Highest. Also accepted: "2", "normal", "Higher".',
  })
  @IsOptional()
  @IntEnum(PRIORITY_CODES)
  priority?: number | null;

  @ApiPropertyOptional({ enum: FulfillmentType, nullable: true })
  @IsOptional()
  @CaseInsensitiveEnum(FULFILLMENT_TYPES)
  fulfillmentType?: FulfillmentType | null;

  @ApiPropertyOptional({
    type: AddressDto,
    nullable: true,
    description: 'Required for POST /api/order.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  customerAddress?: AddressDto | null;

  @ApiPropertyOptional({
    type: AddressDto,
    nullable: true,
    description: 'Required for POST /api/order.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  shippingAddress?: AddressDto | null;

  @ApiPropertyOptional({
    type: [LineItemInputDto],
    maxItems: MAX_LINE_ITEMS,
    description: 'Each names a recipe set (recipeSetId or recipeSetUuid) with its SKU quantities.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => LineItemInputDto)
  lineItems?: LineItemInputDto[] | null;

  @ApiPropertyOptional({
    type: [RecipeSetSkuQuantityDto],
    nullable: true,
    maxItems: MAX_LINE_ITEMS,
    description: 'Legacy alternative to lineItems.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => RecipeSetSkuQuantityDto)
  recipeSets?: RecipeSetSkuQuantityDto[] | null;
}

export class SubmissionStatusDto {
  @ApiProperty({ type: String, nullable: true, example: 'ABCD2345' })
  recipeSetId: string | null;

  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'Processed Successfully' })
  message: string | null;
}

export class AcknowledgementResultDto {
  @ApiProperty({ type: String, nullable: true, example: '42015953' })
  purchaseOrderNumber: string | null;

  @ApiProperty({ type: [SubmissionStatusDto], nullable: true })
  statuses: SubmissionStatusDto[] | null;

  @ApiProperty({ readOnly: true, example: true })
  allSuccessful: boolean;
}
