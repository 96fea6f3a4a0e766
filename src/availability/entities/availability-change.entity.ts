import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/** What a SKU's settings were, or became, in the history. */
export interface SkuSettings {
  adjustment: {
    type: string;
    value: number;
    effectiveFrom: string | null;
    effectiveUntil: string | null;
  } | null;
  availability: { status: string; expectedDate: string | null };
}

/** One change of a SKU's adjustment or availability: who (token and role), when, before and after. Append-only. */
@Entity({ name: 'availability_change' })
@Index('IDX_availability_change_client', ['clientId', 'changedAt'])
export class AvailabilityChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ type: 'varchar', length: 100 })
  sku: string;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;

  /** The API token that made the change (kept after the token is revoked). */
  @Column({ name: 'token_id', type: 'varchar', length: 64 })
  tokenId: string;

  @Column({ type: 'varchar', length: 16 })
  role: string;

  @Column({ type: 'jsonb' })
  before: SkuSettings;

  @Column({ type: 'jsonb' })
  after: SkuSettings;
}
