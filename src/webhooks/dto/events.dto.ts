import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { EVENT_TYPES } from '../../common/events/event-recorder';
import { ClientHandleQueryDto } from './endpoint.dto';

export const MAX_EVENT_PAGE = 500;

export class EventsQueryDto extends ClientHandleQueryDto {
  @ApiPropertyOptional({
    description:
      "The `next` of the previous page (an opaque cursor of this client's log): events after it. Omitted: from the oldest kept. Cursors of the old form `<number>-<number>` are refused (400).",
    pattern: '^[A-Za-z0-9_-]{1,100}$',
    example: 'ec_Hq2l0aVxkWn3yB6sVbq8ZyW1f0u9mJ4rT2cXoP7eLgA',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, {
    message: 'after must be the `next` cursor of an earlier page',
  })
  after?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_EVENT_PAGE, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_EVENT_PAGE)
  limit?: number;

  @ApiPropertyOptional({ enum: EVENT_TYPES })
  @IsOptional()
  @IsIn(EVENT_TYPES)
  type?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'PO-2026-0042' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  purchaseOrderNumber?: string;
}

export class EventDataDto {
  @ApiProperty({ example: 'acme' })
  clientHandle: string;

  @ApiPropertyOptional({ example: 'PO-2026-0042', description: 'Order events only.' })
  purchaseOrderNumber?: string;

  @ApiPropertyOptional({
    example: 3,
    description:
      "Order events only: 1, 2, 3… for the order's events (per client), delivered in this order.",
  })
  sequence?: number;
}

export class EventEnvelopeDto {
  @ApiProperty({ example: 'evt_2b3Jx0yQf1mZ8vR4kT6wLg', description: 'Also the `webhook-id`.' })
  id: string;

  @ApiProperty({ enum: EVENT_TYPES })
  type: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({
    type: EventDataDto,
    description:
      'What happened; its fields by type are in the `webhooks` section of this document.',
  })
  data: EventDataDto & Record<string, unknown>;
}

export class EventPageDto {
  @ApiProperty({ type: [EventEnvelopeDto], description: 'Oldest first.' })
  data: EventEnvelopeDto[];

  @ApiProperty({
    example: 'ec_Hq2l0aVxkWn3yB6sVbq8ZyW1f0u9mJ4rT2cXoP7eLgA',
    description:
      "Where the next page starts (`after`): the cursor of the last event of this page, or the `after` given when there were none. Opaque and of this client only: it says nothing of other clients' writes; the same place in the log always has the same cursor (while the data keys are unchanged). Store it to resume.",
  })
  next: string;
}
