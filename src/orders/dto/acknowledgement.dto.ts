import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiIntEnum, ApiLenientDate, ApiLenientInt } from '../../common/openapi/lenient-schemas';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { NestedList, StringList } from '../../common/validation/lists';
import { OneLine } from '../../common/validation/one-line';
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
import { DEFAULT_MAX_LINE_ITEM_QUANTITY } from '../../config/work-limits-environment';

export const MAX_LINE_ITEMS = 500;
/** The longest purchase order number (purchase_order.purchase_order_number is varchar(100)). */
export const MAX_PURCHASE_ORDER_NUMBER_LENGTH = 100;
const MAX_SKU_QUANTITIES = 100;
const MAX_COMPONENTS = 100;
const MAX_QUANTITY = 1_000_000;
const QUANTITY = { minimum: 0, maximum: MAX_QUANTITY };
const LINE_QUANTITY = {
  minimum: 0,
  maximum: DEFAULT_MAX_LINE_ITEM_QUANTITY,
  description:
    'A JSON number or a numeric string ("2"); at most MAX_LINE_ITEM_QUANTITY (default 10000), 400 naming it above.',
};
/** Tracking numbers a line item may carry: in one request, and accumulated over ship notifications. */
export const MAX_TRACKING_NUMBERS = 100;
/** Serial numbers a line item may carry: in one request, and accumulated over ship notifications. */
export const MAX_SERIAL_NUMBERS = 1000;

export class SkuQuantityDto {
  @OptionalText(100, { example: 'DEMO-TEE-WHT-S' })
  sku?: string | null;

  @ApiLenientInt({ ...LINE_QUANTITY, example: 2 })
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
    example: 'DEMTEE2A',
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
    nullable: true,
    description: 'Initial status; default not-started.',
  })
  @IsOptional()
  @CaseInsensitiveEnum(WORKFLOW_STATUSES)
  workflowStatus?: WorkflowStatus | null;

  @ApiPropertyOptional({ enum: ProofStatus, nullable: true })
  @IsOptional()
  @CaseInsensitiveEnum(PROOF_STATUSES)
  proofStatus?: ProofStatus | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @LenientBoolean()
  isReorder?: boolean | null;
  @OptionalText(200, { example: 'UPS' })
  shipmentVendor?: string | null;

  @StringList({
    max: MAX_TRACKING_NUMBERS,
    acceptOne: true,
    optional: true,
    nullable: true,
    example: ['1Z999AA10123456784'],
  })
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
    ...LINE_QUANTITY,
    required: false,
    nullable: true,
    description: `Legacy: the quantity of \`sku\`. ${LINE_QUANTITY.description}`,
  })
  @IsOptional()
  @LenientInt(0, MAX_QUANTITY)
  quantity?: number | null;

  @ApiPropertyOptional({ type: 'number', format: 'double', nullable: true })
  @IsOptional()
  @LenientNumber()
  unitPrice?: number | null;
  @OptionalText(100) size?: string | null;
  @OneLine({ required: false })
  @OptionalText(200)
  productName?: string | null;

  @ApiLenientDate({ required: false, nullable: true })
  @IsOptional()
  @LenientDate()
  estimatedDeliveryDate?: Date | null;

  @NestedList(SkuQuantityDto, { max: MAX_SKU_QUANTITIES, optional: true, nullable: true })
  skuQuantities?: SkuQuantityDto[] | null;

  @NestedList(ComponentDto, { max: MAX_COMPONENTS, optional: true, nullable: true })
  components?: ComponentDto[] | null;

  @StringList({ max: MAX_SERIAL_NUMBERS, optional: true, nullable: true })
  serialNumbers?: string[] | null;
}

/** Legacy alternative to lineItems. */
export class RecipeSetSkuQuantityDto {
  @OptionalText(64, { example: 'DEMTEE2A' })
  recipeSetId?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, maxLength: 64 })
  @IsOptional()
  @LenientString(64)
  recipeSetUuid?: string | null;

  @NestedList(SkuQuantityDto, { max: MAX_SKU_QUANTITIES, optional: true, nullable: true })
  skuQuantities?: SkuQuantityDto[] | null;
}

/** OrderAcknowledgement: the payload of POST /api/order/acknowledgement(s) and POST /api/order. */
export class OrderAcknowledgementDto {
  // One plain line: it reaches webhook payloads, manifests, PDFs and operators' terminals.
  @OneLine({ required: true })
  @RequiredText(MAX_PURCHASE_ORDER_NUMBER_LENGTH, { example: '42015953' })
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

  @NestedList(LineItemInputDto, {
    max: MAX_LINE_ITEMS,
    optional: true,
    nullable: true,
    description: 'Each names a recipe set (recipeSetId or recipeSetUuid) with its SKU quantities.',
  })
  lineItems?: LineItemInputDto[] | null;

  @NestedList(RecipeSetSkuQuantityDto, {
    max: MAX_LINE_ITEMS,
    optional: true,
    nullable: true,
    description: 'Legacy alternative to lineItems.',
  })
  recipeSets?: RecipeSetSkuQuantityDto[] | null;
}

export class SubmissionStatusDto {
  @ApiProperty({ type: String, nullable: true, example: 'DEMTEE2A' })
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
