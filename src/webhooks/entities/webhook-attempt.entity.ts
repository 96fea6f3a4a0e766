import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from './event.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export type AttemptStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One attempt to deliver one event to one endpoint: `pending` until it is made (at `dueAt` or
 * later), then `succeeded` or `failed`. A failed attempt with retries left is followed by the
 * next one, pending. While an event has a pending attempt, the endpoint's later events of the
 * same ordering key wait for it.
 */
@Entity({ name: 'webhook_attempt' })
@Index('IDX_webhook_attempt_endpoint_log', ['endpointId', 'createdAt'])
@Index('IDX_webhook_attempt_pending_stream', ['endpointId', 'orderingKey', 'eventPosition'], {
  where: `status = 'pending'`,
})
@Index('IDX_webhook_attempt_pending_due', ['dueAt'], { where: `status = 'pending'` })
// The claim reads each endpoint's due attempts oldest first (WebhookAttemptsRepository.claimDue).
@Index('IDX_webhook_attempt_pending_endpoint_due', ['endpointId', 'dueAt'], {
  where: `status = 'pending'`,
})
@Index('IDX_webhook_attempt_event', ['eventId'])
export class WebhookAttemptEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpointEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id' })
  endpoint?: WebhookEndpointEntity;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: EventEntity;

  /** Copied from the event: the stream order of pending attempts needs no join. */
  @Column({ name: 'event_position', type: 'bigint' })
  eventPosition: string;

  @Column({ name: 'ordering_key', type: 'varchar', length: 200, nullable: true })
  orderingKey: string | null;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType: string;

  /** 1 for the first attempt at an event, 2 for its first retry… (a redelivery starts again). */
  @Column({ type: 'int' })
  attempt: number;

  @Column({ type: 'varchar', length: 16 })
  status: AttemptStatus;

  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt: Date;

  /** Held by a worker making the attempt until then (database time). */
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil: Date | null;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs: number | null;

  /** Why it failed (the receiver's answer, cut; or the connection error). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
