import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { LenientDate } from '../../common/validation/lenient';

export const MAX_DELIVERY_PAGE = 100;

export class DeliveriesQueryDto {
  @ApiPropertyOptional({ enum: ['pending', 'succeeded', 'failed'] })
  @IsOptional()
  @IsIn(['pending', 'succeeded', 'failed'])
  status?: 'pending' | 'succeeded' | 'failed';

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_DELIVERY_PAGE, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_DELIVERY_PAGE)
  limit?: number;

  @ApiPropertyOptional({
    description: 'The `next` of the previous page.',
    maxLength: 200,
    pattern: '^[A-Za-z0-9_-]+$',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/)
  cursor?: string;
}

export class DeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'The attempt (POST …/deliveries/{id}/redeliver).' })
  id: string;

  @ApiProperty({ example: 'evt_2b3Jx0yQf1mZ8vR4kT6wLg', description: 'The `webhook-id` sent.' })
  eventId: string;

  @ApiProperty({ example: 'order.line_item.status_changed' })
  eventType: string;

  @ApiProperty({
    example: 1,
    description: '1 for the first attempt at the event, 2 for its first retry…',
  })
  attempt: number;

  @ApiProperty({
    enum: ['pending', 'succeeded', 'failed'],
    description: 'pending: not made yet (due at `dueAt`).',
  })
  status: 'pending' | 'succeeded' | 'failed';

  @ApiProperty({ type: Number, nullable: true, example: 200 })
  responseStatus: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 84 })
  durationMs: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why it failed: the answer (status and its start), or the connection error.',
  })
  error: string | null;

  @ApiProperty({ format: 'date-time' })
  dueAt: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt: string | null;
}

export class DeliveryPageDto {
  @ApiProperty({ type: [DeliveryDto] })
  data: DeliveryDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The cursor of the next (older) page; null on the last one.',
  })
  next: string | null;
}

export class ReplayDto {
  @ApiProperty({ format: 'date-time', description: 'Events created at or after this instant.' })
  @LenientDate()
  since: Date;

  @ApiPropertyOptional({ format: 'date-time', description: 'And before this one (default: now).' })
  @IsOptional()
  @LenientDate()
  until?: Date;
}

export class QueuedDto {
  @ApiProperty({ example: 12, description: 'Events queued for delivery.' })
  queued: number;
}

export class QueuedEnvelopeDto {
  @ApiProperty({ type: QueuedDto })
  data: QueuedDto;
}

export class AcceptedAttemptDto {
  @ApiProperty({ format: 'uuid', description: 'The new attempt (see the delivery log).' })
  attemptId: string;

  @ApiProperty({ example: 'evt_2b3Jx0yQf1mZ8vR4kT6wLg' })
  eventId: string;
}

export class AcceptedAttemptEnvelopeDto {
  @ApiProperty({ type: AcceptedAttemptDto })
  data: AcceptedAttemptDto;
}
