import { ApiProperty } from '@nestjs/swagger';
import { CaseInsensitiveEnum, OptionalText, RequiredText } from '../../common/validation/lenient';
import { NestedList, StringList } from '../../common/validation/lists';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../order.enums';
import { MAX_LINE_ITEMS, MAX_SERIAL_NUMBERS, MAX_TRACKING_NUMBERS } from './acknowledgement.dto';

const MAX_UPDATE_ITEMS = MAX_LINE_ITEMS * 10;

export class ShipNotificationLineItemDto {
  @RequiredText(64, {
    example: 'MUEMVK2U',
    description: "The readable id (or UUID) of the line item's recipe set.",
  })
  recipeSetReadableId: string;

  @StringList({
    max: MAX_TRACKING_NUMBERS,
    acceptOne: true,
    optional: true,
    nullable: true,
    example: ['1Z999AA10123456784', '1Z999AA10123456785'],
    description: 'One tracking number, or several.',
  })
  shipmentTracking?: string[] | null;

  @OptionalText(200, { example: 'UPS' })
  shipmentVendor?: string | null;

  @StringList({ max: MAX_SERIAL_NUMBERS, optional: true, nullable: true, example: [] })
  serialNumbers?: string[] | null;
}

export class ShipNotificationDto {
  @RequiredText(100, { example: 'HA-EM-12345' })
  purchaseOrderNumber: string;

  @NestedList(ShipNotificationLineItemDto, { min: 1, max: MAX_UPDATE_ITEMS })
  lineItems: ShipNotificationLineItemDto[];
}

export class WorkflowStatusLineItemDto {
  @RequiredText(64, { example: 'MUEMVK2U' })
  recipeSetReadableId: string;

  @ApiProperty({ enum: WorkflowStatus, example: WorkflowStatus.InProgress })
  @CaseInsensitiveEnum(WORKFLOW_STATUSES)
  workflowStatus: WorkflowStatus;
}

export class WorkflowStatusUpdateDto {
  @RequiredText(100, { example: 'HA-EM-12345' })
  purchaseOrderNumber: string;

  @NestedList(WorkflowStatusLineItemDto, {
    min: 1,
    max: MAX_UPDATE_ITEMS,
    description:
      'The same recipeSetReadableId may appear several times (one entry per SKU quantity).',
  })
  lineItems: WorkflowStatusLineItemDto[];
}

export class UpdateResultDto {
  @ApiProperty({ type: String, nullable: true, example: 'HA-EM-12345' })
  purchaseOrderNumber: string | null;

  @ApiProperty({ enum: ['OK', 'Error'], example: 'OK' })
  status: 'OK' | 'Error';

  @ApiProperty({ example: 'Updated tracking number for recipeSetReadableId(s): MUEMVK2U.' })
  details: string;
}
