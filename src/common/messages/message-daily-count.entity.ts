import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';

/**
 * Messages of one kind (`share`, `invitation`) a client has had sent on one UTC day (docs/design.md
 * §10: what a caller can make us send is capped per client per day). Raised by an atomic upsert in
 * the transaction that writes the messages, so concurrent requests cannot pass the cap together.
 */
@Entity({ name: 'message_daily_count' })
export class MessageDailyCountEntity {
  /**
   * The client (`client_account`, deleted with it). A foreign key by table name, not a relation:
   * the shared messages know no feature's entity.
   */
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  @ForeignKey('client_account', { onDelete: 'CASCADE' })
  clientId: string;

  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 50 })
  kind: string;

  @Column({ type: 'integer' })
  count: number;
}
