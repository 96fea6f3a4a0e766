import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients/entities/client-account.entity';

/**
 * Recipients a client has shared with on one UTC day (DESIGN §10: what a caller can make us send
 * is capped per client per day). Raised by an atomic upsert in the share's transaction, so
 * concurrent shares cannot pass the cap together.
 */
@Entity({ name: 'share_daily_count' })
export class ShareDailyCountEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'integer' })
  recipients: number;
}
