import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/**
 * Requests a client made to the rate-limited routes in one calendar month (UTC), for its plan's
 * monthly cap: durable, unlike the per-window counters (Redis or memory).
 */
@Entity({ name: 'monthly_usage' })
export class MonthlyUsageEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** `YYYY-MM`. */
  @PrimaryColumn({ type: 'char', length: 7 })
  month: string;

  @Column({ type: 'integer' })
  count: number;
}

export const PLAN_ENTITIES = [MonthlyUsageEntity];
