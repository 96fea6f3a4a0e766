import {
  Column,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  ValueTransformer,
} from 'typeorm';
import { ClientAccountEntity } from '../../clients';

export const AVAILABILITY_STATUSES = ['available', 'unavailable', 'backorder'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const ADJUSTMENT_TYPES = ['amount', 'percentage'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** `numeric` columns come back as strings: numbers in, numbers out. */
export const decimal: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

/**
 * The price adjustment and availability of one SKU of a client's catalog. A SKU without a row is
 * available at its base price. The SKU is named by its code (catalogs are replaced whole, so a
 * row outlives a product edit and applies again when the SKU comes back).
 */
@Entity({ name: 'sku_availability' })
@Unique('UQ_sku_availability_client_sku', ['clientId', 'sku'])
export class SkuAvailabilityEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ type: 'varchar', length: 100 })
  sku: string;

  /** Null: no adjustment. */
  @Column({ name: 'adjustment_type', type: 'varchar', length: 16, nullable: true })
  adjustmentType: AdjustmentType | null;

  /** An amount in the price's currency (may be negative), or a percentage (−100…1000). */
  @Column({
    name: 'adjustment_value',
    type: 'numeric',
    precision: 12,
    scale: 2,
    nullable: true,
    transformer: decimal,
  })
  adjustmentValue: number | null;

  @Column({ name: 'effective_from', type: 'timestamptz', nullable: true })
  effectiveFrom: Date | null;

  @Column({ name: 'effective_until', type: 'timestamptz', nullable: true })
  effectiveUntil: Date | null;

  @Column({ type: 'varchar', length: 16, default: 'available' })
  status: AvailabilityStatus;

  /** For `backorder`: when the SKU is expected back (`YYYY-MM-DD`). */
  @Column({ name: 'expected_date', type: 'date', nullable: true })
  expectedDate: string | null;

  @Column({ name: 'last_modified_at', type: 'timestamptz' })
  lastModifiedAt: Date;
}
