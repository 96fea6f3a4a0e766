import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Encrypted } from '../../common/crypto/encrypted-columns';
import { RecipeSetEntity } from '../../recipe-sets';
import { WorkflowStatus } from '../order.enums';
import { PurchaseOrderEntity } from './purchase-order.entity';

export interface StoredSkuQuantity {
  sku: string | null;
  quantity: number;
}

export interface StoredComponent {
  name: string | null;
  clientIdentifier: string | null;
  description: string | null;
  quantity: number;
  unitPrice: number;
}

/** One line of an order: one recipe set with its SKU quantities and production state. */
@Entity({ name: 'order_line_item' })
@Index('IDX_order_line_item_order_status', ['orderId', 'workflowStatus'])
// The key ids of gift_message, for the start-up check (see @Encrypted); an expression index.
@Index('IDX_order_line_item_gift_message_key', { synchronize: false })
// (order_id) WHERE shipment_tracking <> '[]': the shipped line items, for the orders list's
// `shipped` filter (migration 1767600000000-order-list-indexes); a partial index, hence no sync.
@Index('IDX_order_line_item_shipped', { synchronize: false })
export class OrderLineItemEntity {
  /** The spec's int32 `lineItems[].id`. */
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @ManyToOne(() => PurchaseOrderEntity, (o) => o.lineItems, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: PurchaseOrderEntity;

  @Index('IDX_order_line_item_recipe_set')
  @Column({ name: 'recipe_set_id', type: 'uuid' })
  recipeSetId: string;

  @ManyToOne(() => RecipeSetEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'recipe_set_id' })
  recipeSet?: RecipeSetEntity;

  @Column({ type: 'smallint' })
  position: number;

  @Column({ name: 'external_line_item_id', type: 'varchar', length: 200, nullable: true })
  externalLineItemId: string | null;

  /** Encrypted (FieldCipher) with `giftMessageContext(orderId, position)` as associated data. */
  @Encrypted()
  @Column({ name: 'gift_message', type: 'text', nullable: true })
  giftMessage: string | null;

  @Column({ name: 'workflow_status', type: 'varchar', length: 32 })
  workflowStatus: WorkflowStatus;

  @Column({ name: 'proof_status', type: 'varchar', length: 16, nullable: true })
  proofStatus: string | null;

  @Column({ name: 'is_reorder', type: 'boolean', default: false })
  isReorder: boolean;

  @Column({ name: 'shipment_vendor', type: 'varchar', length: 200, nullable: true })
  shipmentVendor: string | null;

  /** Tracking numbers; answered as one comma-separated string. */
  @Column({ name: 'shipment_tracking', type: 'jsonb', nullable: true })
  shipmentTracking: string[] | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  sku: string | null;

  @Column({ type: 'int' })
  quantity: number;

  @Column({ name: 'unit_price', type: 'double precision', nullable: true })
  unitPrice: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  size: string | null;

  @Column({ name: 'product_name', type: 'varchar', length: 200, nullable: true })
  productName: string | null;

  @Column({ name: 'estimated_delivery_date', type: 'timestamptz', nullable: true })
  estimatedDeliveryDate: Date | null;

  @Column({ name: 'sku_quantities', type: 'jsonb' })
  skuQuantities: StoredSkuQuantity[];

  @Column({ type: 'jsonb', nullable: true })
  components: StoredComponent[] | null;

  @Column({ name: 'serial_numbers', type: 'jsonb', nullable: true })
  serialNumbers: string[] | null;

  /**
   * Why its SKUs do not fit its recipe set's product, when the `warn` SKU policy accepted it
   * (docs/design.md §6); null: nothing to say. Its print files' manifest and the specification
   * PDF repeat them.
   */
  @Column({ name: 'sku_warnings', type: 'jsonb', nullable: true })
  skuWarnings: string[] | null;

  @Column({ name: 'last_modified_at', type: 'timestamptz', default: () => 'now()' })
  lastModifiedAt: Date;
}
