import { prepared } from '../common/persistence/prepared';
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { recipeSetReadableIdOf } from '../recipe-sets';
import { PurchaseOrderEntity } from './entities/purchase-order.entity';
import { LineItemRow, SearchCriteria } from './orders.repository';

/** An order as the responses need it. */
export type OrderRow = Omit<PurchaseOrderEntity, 'client' | 'lineItems' | 'clientId' | 'createdAt'>;

/** An order with its line items, in order. */
export interface OrderWithLines {
  order: OrderRow;
  lines: LineItemRow[];
}

/** The order's columns under the entity's property names. */
const ORDER_COLUMNS = `o.id, o.purchase_order_number AS "purchaseOrderNumber", o.order_date AS "orderDate",
  o.submitted_by AS "submittedBy", o.account_number AS "accountNumber",
  o.organization_id AS "organizationId", o.order_reference AS "orderReference",
  o.customer_service_contact AS "customerServiceContact", o.serial_number AS "serialNumber",
  o.proof_status AS "proofStatus", o.priority, o.fulfillment_type AS "fulfillmentType",
  o.personal_data AS "personalData", o.workflow_statuses AS "workflowStatuses",
  o.production_start_at AS "productionStartAt", o.delivered_to_factory_at AS "deliveredToFactoryAt",
  o.last_modified_at AS "lastModifiedAt"`;

/**
 * The line items of the order aliased `order` as one JSON array, each under LineItemRow's property names. The
 * readable id is a lookup by primary key per line (recipe-sets' recipeSetReadableIdOf): as a
 * join, the planner hashes the client's whole table of recipe sets once per order of the page.
 */
const lines = (order: string) => `COALESCE((
  SELECT json_agg(json_build_object(
    'id', li.id, 'orderId', li.order_id, 'recipeSetId', li.recipe_set_id,
    'recipeSetReadableId', ${recipeSetReadableIdOf('li.recipe_set_id')},
    'position', li.position,
    'externalLineItemId', li.external_line_item_id, 'giftMessage', li.gift_message,
    'workflowStatus', li.workflow_status, 'proofStatus', li.proof_status,
    'isReorder', li.is_reorder, 'shipmentVendor', li.shipment_vendor,
    'shipmentTracking', li.shipment_tracking, 'sku', li.sku, 'quantity', li.quantity,
    'unitPrice', li.unit_price, 'size', li.size, 'productName', li.product_name,
    'estimatedDeliveryDate', li.estimated_delivery_date, 'skuQuantities', li.sku_quantities,
    'components', li.components, 'serialNumbers', li.serial_numbers,
    'lastModifiedAt', li.last_modified_at) ORDER BY li.position)
  FROM order_line_item li WHERE li.order_id = ${order}.id), '[]'::json) AS lines`;

type RawLine = Omit<LineItemRow, 'lastModifiedAt' | 'estimatedDeliveryDate'> & {
  lastModifiedAt: string;
  estimatedDeliveryDate: string | null;
};

function withLines(row: OrderRow & { lines: RawLine[] }): OrderWithLines {
  const { lines, ...order } = row;
  return {
    order,
    lines: lines.map((l) => ({
      ...l,
      lastModifiedAt: new Date(l.lastModifiedAt),
      estimatedDeliveryDate: l.estimatedDeliveryDate ? new Date(l.estimatedDeliveryDate) : null,
    })),
  };
}

/**
 * The reads that answer with whole orders: one query returns the orders with their line items
 * (PostgreSQL builds each order's line items as JSON), mapped straight to rows, without building
 * entities: a search page of 500 orders is two statements (the count, then the page).
 */
@Injectable()
export class OrderReadsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async byNumber(clientId: string, purchaseOrderNumber: string): Promise<OrderWithLines | null> {
    const rows: (OrderRow & { lines: RawLine[] })[] = await this.uow.manager.query(
      prepared(`SELECT ${ORDER_COLUMNS}, ${lines('o')} FROM purchase_order o
       WHERE o.client_id = $1 AND o.purchase_order_number = $2`),
      [clientId, purchaseOrderNumber],
    );
    return rows[0] ? withLines(rows[0]) : null;
  }

  /** Orders modified in [from, to] with a line item in one of `statuses` (all when empty), oldest change first. */
  async search(
    clientId: string,
    c: SearchCriteria,
  ): Promise<{ orders: OrderWithLines[]; total: number }> {
    const params: unknown[] = [clientId, c.to];
    const where = ['o.client_id = $1', 'o.last_modified_at <= $2'];
    if (c.from) where.push(`o.last_modified_at >= $${params.push(c.from)}`);
    if (c.statuses.length > 0)
      where.push(`o.workflow_statuses && $${params.push(c.statuses)}::varchar[]`);
    const filter = where.join(' AND ');
    // COUNT(*): an index-only scan of IDX_purchase_order_search.
    const [{ n }]: { n: string }[] = await this.uow.manager.query(
      `SELECT COUNT(*) AS n FROM purchase_order o WHERE ${filter}`,
      params,
    );
    const offset = params.push(c.offset);
    const limit = params.push(c.limit);
    // The page first, then its line items: only the page's orders are looked up.
    const rows: (OrderRow & { lines: RawLine[] })[] = await this.uow.manager.query(
      `SELECT page.*, ${lines('page')} FROM (
         SELECT ${ORDER_COLUMNS} FROM purchase_order o WHERE ${filter}
         ORDER BY o.last_modified_at ASC, o.id ASC OFFSET $${offset} LIMIT $${limit}
       ) page ORDER BY page."lastModifiedAt" ASC, page.id ASC`,
      params,
    );
    return { orders: rows.map(withLines), total: Number(n) };
  }
}
