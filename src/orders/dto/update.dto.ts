import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { CaseInsensitiveEnum, LenientString, OptionalText } from '../../common/validation/lenient';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../order.enums';
import { MAX_LINE_ITEMS, toStringList } from './acknowledgement.dto';

export class ShipNotificationLineItemDto {
  @ApiProperty({
    example: 'MUEMVK2U',
    description: "The readable id (or UUID) of the line item's recipe set.",
  })
  @LenientString(64)
  recipeSetReadableId: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
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
  @ApiProperty({ example: 'HA-EM-12345' })
  @LenientString(100)
  purchaseOrderNumber: string;

  @ApiProperty({ type: [ShipNotificationLineItemDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINE_ITEMS * 10)
  @ValidateNested({ each: true })
  @Type(() => ShipNotificationLineItemDto)
  lineItems: ShipNotificationLineItemDto[];
}

export class WorkflowStatusLineItemDto {
  @ApiProperty({ example: 'MUEMVK2U' })
  @LenientString(64)
  recipeSetReadableId: string;

  @ApiProperty({ enum: WorkflowStatus, example: WorkflowStatus.InProgress })
  @CaseInsensitiveEnum(WORKFLOW_STATUSES)
  workflowStatus: WorkflowStatus;
}

export class WorkflowStatusUpdateDto {
  @ApiProperty({ example: 'HA-EM-12345' })
  @LenientString(100)
  purchaseOrderNumber: string;

  @ApiProperty({
    type: [WorkflowStatusLineItemDto],
    description:
      'The same recipeSetReadableId may appear several times (one entry per SKU quantity).',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINE_ITEMS * 10)
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
