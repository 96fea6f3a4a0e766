import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type LineItemChange = 'status' | 'shipment';

/**
 * Append-only history of each line item's workflow status and shipment changes. A database
 * trigger (see the orders migration) refuses UPDATE and DELETE on this table. Each row records
 * the change only: the new status, the tracking and serial numbers the notification added, the
 * vendor when it changed (null: unchanged), never the whole lists again.
 */
@Entity({ name: 'line_item_history' })
@Index('IDX_line_item_history_line_item', ['lineItemId', 'id'])
export class LineItemHistoryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ name: 'line_item_id', type: 'int' })
  lineItemId: number;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ type: 'varchar', length: 16 })
  change: LineItemChange;

  @Column({ name: 'workflow_status', type: 'varchar', length: 32, nullable: true })
  workflowStatus: string | null;

  /** Tracking numbers this change added to the line item's. */
  @Column({ name: 'shipment_tracking', type: 'jsonb', nullable: true })
  shipmentTracking: string[] | null;

  /** The new vendor, when this change set another one. */
  @Column({ name: 'shipment_vendor', type: 'varchar', length: 200, nullable: true })
  shipmentVendor: string | null;

  /** Serial numbers this change added to the line item's. */
  @Column({ name: 'serial_numbers', type: 'jsonb', nullable: true })
  serialNumbers: string[] | null;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId: string | null;

  @CreateDateColumn({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;
}
