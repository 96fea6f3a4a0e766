import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../clients';

/**
 * Messages of one kind (`share`, `invitation`) a client has had sent on one UTC day (docs/design.md
 * §10: what a caller can make us send is capped per client per day). Raised by an atomic upsert in
 * the transaction that writes the messages, so concurrent requests cannot pass the cap together.
 */
@Entity({ name: 'message_daily_count' })
export class MessageDailyCountEntity {
  /** The client (deleted with it): a foreign key without a relation, the row needs no client loaded. */
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  @ForeignKey(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  clientId: string;

  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 50 })
  kind: string;

  @Column({ type: 'integer' })
  count: number;
}
