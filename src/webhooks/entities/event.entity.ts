import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/**
 * One event of a client (the event log, and what webhooks deliver). `position` (a sequence shared
 * by all clients) orders events in the order they were written; `txid` is the transaction that
 * wrote them. The log is read in (txid, position) order and only up to the oldest transaction
 * still running, so a reader never skips an event that commits late, and no lock is held to
 * number them (see EventLogRepository.page).
 */
@Entity({ name: 'event' })
@Index('IDX_event_client_log', ['clientId', 'txid', 'position'])
@Index('IDX_event_created_at', ['createdAt'])
export class EventEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** The envelope's id (`evt_…`): the `webhook-id` of every delivery of the event. */
  @Column({ name: 'public_id', type: 'varchar', length: 40, unique: true })
  publicId: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** From `event_position_seq` (unique by construction); bigint, so TypeORM reads it as a string. */
  @Column({ type: 'bigint' })
  position: string;

  /** The writing transaction's id (`pg_current_xact_id()`, 64 bits), as a string. */
  @Column({ type: 'bigint' })
  txid: string;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  @Column({ name: 'purchase_order_number', type: 'varchar', length: 100, nullable: true })
  purchaseOrderNumber: string | null;

  /** Events with the same key are delivered to an endpoint in position order. */
  @Column({ name: 'ordering_key', type: 'varchar', length: 200, nullable: true })
  orderingKey: string | null;

  /** The envelope as delivered: `{id, type, timestamp, data}`. */
  @Column({ type: 'jsonb' })
  envelope: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** The last `sequence` of each purchase order's events, per client (kept past event retention). */
@Entity({ name: 'event_sequence' })
export class EventSequenceEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @PrimaryColumn({ name: 'purchase_order_number', type: 'varchar', length: 100 })
  purchaseOrderNumber: string;

  @Column({ name: 'last_sequence', type: 'int' })
  lastSequence: number;
}

/**
 * An event not yet fanned out to its client's webhook endpoints: written with the event, removed
 * by the relay that creates its delivery attempts (EventRelay).
 */
@Entity({ name: 'event_fanout' })
export class EventFanoutEntity {
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_event_fanout_position' })
  position: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;
}
