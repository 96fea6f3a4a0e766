import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { CaseInsensitiveEnum, OptionalText, RequiredText } from '../../common/validation/lenient';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../order.enums';
import { MAX_LINE_ITEMS, toStringList, TRACKING_SCHEMA } from './acknowledgement.dto';

const MAX_UPDATE_ITEMS = MAX_LINE_ITEMS * 10;

export class ShipNotificationLineItemDto {
  @RequiredText(64, {
    example: 'MUEMVK2U',
    description: "The readable id (or UUID) of the line item's recipe set.",
  })
  recipeSetReadableId: string;

  @ApiPropertyOptional({
    ...TRACKING_SCHEMA,
    nullable: true,
    example: ['1Z999AA10123456784', '1Z999AA10123456785'],
    description: 'One tracking number, or several.',
  })
  @IsOptional()
  @Transform(toStringList)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  shipmentTracking?: string[] | null;

  @OptionalText(200, { example: 'UPS' })
  shipmentVendor?: string | null;

  @ApiPropertyOptional({ type: [String], example: [] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  serialNumbers?: string[] | null;
}

export class ShipNotificationDto {
  @RequiredText(100, { example: 'HA-EM-12345' })
  purchaseOrderNumber: string;

  @ApiProperty({ type: [ShipNotificationLineItemDto], maxItems: MAX_UPDATE_ITEMS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_UPDATE_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ShipNotificationLineItemDto)
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

  @ApiProperty({
    type: [WorkflowStatusLineItemDto],
    maxItems: MAX_UPDATE_ITEMS,
    description:
      'The same recipeSetReadableId may appear several times (one entry per SKU quantity).',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_UPDATE_ITEMS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => WorkflowStatusLineItemDto)
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
