import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { ClientAccountEntity } from '../../clients/entities/client-account.entity';

/**
 * One event of a client (the event log, and what webhooks deliver). `position` numbers a client's
 * events in commit order without gaps (EventLogHeadEntity hands them out under a row lock held to
 * the commit), so a reader paging by position never skips one that commits late.
 */
@Entity({ name: 'event' })
@Unique('UQ_event_client_position', ['clientId', 'position'])
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

  /** 1, 2, 3… per client; bigint, so TypeORM reads it as a string. */
  @Column({ type: 'bigint' })
  position: string;

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

/** The last position handed out per client: its row lock orders a client's events. */
@Entity({ name: 'event_log_head' })
export class EventLogHeadEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ name: 'last_position', type: 'bigint' })
  lastPosition: string;
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
