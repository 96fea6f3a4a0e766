import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_TRACKING_NUMBERS, WORKFLOW_STATUSES, WorkflowStatus } from '../orders';
import { CaseInsensitiveEnum, OptionalText, RequiredText } from '../common/validation/lenient';
import { NestedList, StringList } from '../common/validation/lists';
import { SCENARIOS, ScenarioName } from './scenarios';

/** The most recipe sets a helper names, and packages a shipment has. */
const MAX_NAMED = 500;
const MAX_PACKAGES = 100;

export class AdvanceDto {
  @OptionalText(64, {
    example: 'DEMTEE2A',
    description:
      'The line items of this recipe set (readable id or UUID); all line items when omitted.',
  })
  recipeSetReadableId?: string | null;

  @ApiProperty({ enum: WorkflowStatus, example: WorkflowStatus.InProgress })
  @CaseInsensitiveEnum(WORKFLOW_STATUSES)
  to: WorkflowStatus;
}

export class PackageDto {
  @StringList({
    min: 1,
    max: MAX_NAMED,
    example: ['DEMTEE2A'],
    description: 'The recipe sets in this package (their line items); all when omitted.',
    optional: true,
  })
  recipeSetReadableIds?: string[];

  @OptionalText(200, { example: 'UPS' })
  shipmentVendor?: string | null;

  @StringList({
    max: MAX_TRACKING_NUMBERS,
    acceptOne: true,
    optional: true,
    example: ['1Z999AA10123456784'],
    description: 'Its tracking number(s); one is generated (SBX…) when omitted.',
  })
  shipmentTracking?: string[];
}

export class ShipDto {
  @NestedList(PackageDto, {
    min: 1,
    max: MAX_PACKAGES,
    optional: true,
    description: 'One ship notification per package; one package of every line item when omitted.',
  })
  packages?: PackageDto[];
}

export class CancelDto {
  @StringList({
    min: 1,
    max: MAX_NAMED,
    optional: true,
    example: ['DEMTEE2A'],
    description: 'The recipe sets whose line items are cancelled; all when omitted.',
  })
  recipeSetReadableIds?: string[];
}

export class FailPrintFilesDto {
  @RequiredText(500, {
    example: 'Artwork resolution too low for the print size.',
    description: 'Why the print files failed: the `error` of print_files.failed.',
  })
  reason: string;
}

export class RunScenarioDto {
  @ApiProperty({ enum: Object.keys(SCENARIOS), example: 'happy-path' })
  @IsIn(Object.keys(SCENARIOS), {
    message: `scenario must be one of: ${Object.keys(SCENARIOS).join(', ')}`,
  })
  scenario: ScenarioName;
}

/** One package as shipped. */
export class ShippedPackageDto {
  @ApiProperty({ example: ['DEMTEE2A'] }) recipeSetReadableIds: string[];
  @ApiProperty({ type: String, nullable: true, example: 'UPS' }) shipmentVendor: string | null;
  @ApiProperty({ example: ['SBX7K2M9Q4XW1'] }) shipmentTracking: string[];
}

/** What advance, ship and cancel answer: the ship notifications' or status update's result. */
export class SandboxUpdateResultDto {
  @ApiProperty({ example: 'PO-SANDBOX-1' }) purchaseOrderNumber: string;
  @ApiProperty({ example: 'OK' }) status: string;
  @ApiProperty({ example: 'Updated workflow status for recipeSetReadableId(s): DEMTEE2A.' })
  details: string;
  @ApiPropertyOptional({ type: [ShippedPackageDto], description: 'ship only: each package.' })
  packages?: ShippedPackageDto[];
}

export class PrintFailureRequestedDto {
  @ApiProperty({ example: 'FAILTEE1' }) recipeSetReadableId: string;
  @ApiProperty({ example: 1, description: 'The design version whose print files will fail.' })
  designVersion: number;
  @ApiProperty({ example: 'Artwork resolution too low for the print size.' }) reason: string;
}

export class ScenarioStartedDto {
  @ApiProperty({ example: 'PO-SANDBOX-1' }) purchaseOrderNumber: string;
  @ApiProperty({ enum: Object.keys(SCENARIOS), example: 'happy-path' }) scenario: string;
  @ApiProperty({
    example: ['advance in-progress', 'advance completed', 'ship', 'advance delivered'],
    description: 'The steps, in order; the first starts now.',
  })
  steps: string[];
  @ApiProperty({ example: 2, description: 'Seconds between steps (SANDBOX_STEP_SECONDS).' })
  stepSeconds: number;
}

export const DEFAULT_HELD_MESSAGES = 50;
export const MAX_HELD_MESSAGES = 200;

export class HeldMessagesQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_HELD_MESSAGES,
    default: DEFAULT_HELD_MESSAGES,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_HELD_MESSAGES)
  limit?: number;
}

export class HeldMessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['email', 'sms'] }) channel: string;
  @ApiProperty({ example: 'share', description: 'share, invitation…' }) kind: string;
  @ApiProperty({ example: 'jane@example.com' }) to: string;
  @ApiProperty({ type: String, nullable: true, description: 'E-mails only.' })
  subject: string | null;
  @ApiProperty({ description: 'The plain-text body (links included).' }) text: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** The held messages, newest first, in the `{data}` envelope of every list. */
export class HeldMessageListDto {
  @ApiProperty({ type: [HeldMessageDto] })
  data: HeldMessageDto[];
}
