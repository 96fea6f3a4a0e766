import { ApiProperty } from '@nestjs/swagger';
import { FulfillmentType, ProofStatus, WorkflowStatus } from '../order.enums';

class SkuQuantityOutDto {
  @ApiProperty({ type: String, nullable: true, example: 'DEMO-TEE-WHT-S' })
  sku: string | null;

  @ApiProperty({ type: 'integer', format: 'int32', example: 2 })
  quantity: number;
}

class ComponentOutDto {
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) clientIdentifier: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: 'integer', format: 'int32' }) quantity: number;
  @ApiProperty({ type: 'number', format: 'double' }) unitPrice: number;
}

export class AddressOutDto {
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: String, nullable: true }) address1: string | null;
  @ApiProperty({ type: String, nullable: true }) address2: string | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) province: string | null;
  @ApiProperty({ type: String, nullable: true }) postalCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'US' }) country: string | null;
}

export class LineItemDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 1017 })
  id: number;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'MUEMVK2U',
    description: 'The readable id.',
  })
  recipeSetId: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  recipeSetUuid: string | null;

  @ApiProperty({ type: String, nullable: true }) externalLineItemId: string | null;
  @ApiProperty({ type: String, nullable: true }) giftMessage: string | null;
  @ApiProperty({ enum: WorkflowStatus }) workflowStatus: WorkflowStatus;
  @ApiProperty({ enum: ProofStatus, nullable: true }) proofStatus: ProofStatus | null;
  @ApiProperty() isReorder: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) lastModification: string;
  @ApiProperty({ type: String, nullable: true }) shipmentVendor: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Tracking numbers, comma-separated.' })
  shipmentTracking: string | null;

  @ApiProperty({ type: String, nullable: true }) sku: string | null;
  @ApiProperty({ type: 'integer', format: 'int32' }) quantity: number;
  @ApiProperty({ type: 'number', format: 'double' }) unitPrice: number;
  @ApiProperty({ type: String, nullable: true }) size: string | null;
  @ApiProperty({ type: String, nullable: true }) productName: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) estimatedDeliveryDate:
    string | null;
  @ApiProperty({ type: [SkuQuantityOutDto], nullable: true }) skuQuantities:
    SkuQuantityOutDto[] | null;
  @ApiProperty({ type: [ComponentOutDto], nullable: true }) components: ComponentOutDto[] | null;
  @ApiProperty({ type: [String], nullable: true }) serialNumbers: string[] | null;
}

/** PurchaseOrder: the spec's fields plus everything acknowledged (docs/design.md §6). */
export class PurchaseOrderDto {
  @ApiProperty({ type: String, nullable: true, example: 'jane@example.com' }) emailAddress:
    string | null;
  @ApiProperty({ type: String, nullable: true }) phoneNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'acme' }) clientHandle: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'HA-EM-12345' }) purchaseOrderNumber:
    string | null;
  @ApiProperty({ type: String, format: 'date-time' }) orderDateTime: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) productionStartDateTime:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) dateDeliveredToFactory:
    string | null;

  @ApiProperty({
    example: '6c1d0f0e-2f4b-4f39-9b8e-3d8d2b0c8a11',
    description: 'Who submitted the order (the user, else the API token).',
  })
  userId: string;

  @ApiProperty({ type: String, nullable: true }) accountNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) organizationId: string | null;
  @ApiProperty({ type: String, nullable: true }) orderReference: string | null;
  @ApiProperty({ type: String, nullable: true }) customerServiceContact: string | null;
  @ApiProperty({ type: String, nullable: true }) serialNumber: string | null;
  @ApiProperty({ type: 'integer', enum: [1, 2], nullable: true, description: 'ProofStatusCode.' })
  proofStatus: number | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2, 3, 4], nullable: true, description: 'Priority.' })
  priority: number | null;
  @ApiProperty({ enum: FulfillmentType, nullable: true }) fulfillmentType: FulfillmentType | null;
  @ApiProperty({ type: AddressOutDto, nullable: true }) customerAddress: AddressOutDto | null;
  @ApiProperty({ type: AddressOutDto, nullable: true }) shippingAddress: AddressOutDto | null;
  @ApiProperty({ type: [LineItemDto] }) lineItems: LineItemDto[];
  @ApiProperty({ type: String, format: 'date-time' }) lastModification: string;
}
