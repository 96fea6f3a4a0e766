import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { RECIPE_SET_TABLE, recipeSetReadableIdOf } from '../recipe-sets';
import { ListPosition } from './order-list-cursor';
import {
  OrderFilters,
  OrderListFilters,
  OrderSort,
  OrderSortField,
  prefixEnd,
  sortOf,
} from './order-list-query';

/** An order of a list page, with its line items summed up. */
export interface OrderSummaryRow {
  id: string;
  purchaseOrderNumber: string;
  orderDate: Date;
  lastModifiedAt: Date;
  workflowStatuses: string[];
  lineItemCount: number;
  totalQuantity: number;
  shipped: boolean;
  recipeSetIds: string[];
  /** The sort key as the cursor carries it. */
  sortKey: string;
}

/** An instant as a cursor key: UTC to the microsecond (a JavaScript Date would drop those). */
const utcText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Each sort's column (as the ORDER BY and the keyset comparison write it), its key as text, and
 * the type the key is read back as. Purchase order numbers compare in the "C" collation (code
 * point order), the same on every server whatever its default collation, and the collation of
 * their index.
 */
const SORTS: Record<
  OrderSortField,
  { column: (t: string) => string; key: (t: string) => string; type: string }
> = {
  orderDate: {
    column: (t) => `${t}.order_date`,
    key: (t) => utcText(`${t}.order_date`),
    type: 'timestamptz',
  },
  lastModified: {
    column: (t) => `${t}.last_modified_at`,
    key: (t) => utcText(`${t}.last_modified_at`),
    type: 'timestamptz',
  },
  purchaseOrderNumber: {
    column: (t) => `${t}.purchase_order_number COLLATE "C"`,
    key: (t) => `${t}.purchase_order_number`,
    type: 'varchar',
  },
};

/**
 * A line item (alias `li`) with a shipment: a tracking number recorded on it (a list, null when
 * none was ever sent). Written as the predicate of IDX_order_line_item_shipped, which it must
 * match for the planner to use that index; a plain comparison, whose selectivity the column's
 * statistics give (an expression's would be a guess, and the guess chose bad plans).
 */
const SHIPPED_LINE = `li.shipment_tracking <> '[]'::jsonb`;

/** The WHERE clause of `filters` over `purchase_order o` for one client ($1), and its values. */
function filtered(
  clientId: string,
  f: OrderFilters & { statuses?: readonly string[] },
): { where: string[]; params: unknown[] } {
  const params: unknown[] = [clientId];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const where = ['o.client_id = $1'];
  if (f.statuses && f.statuses.length > 0)
    where.push(`o.workflow_statuses && ${$(f.statuses)}::varchar[]`);
  if (f.orderedFrom) where.push(`o.order_date >= ${$(f.orderedFrom)}`);
  if (f.orderedTo) where.push(`o.order_date <= ${$(f.orderedTo)}`);
  if (f.modifiedFrom) where.push(`o.last_modified_at >= ${$(f.modifiedFrom)}`);
  if (f.modifiedTo) where.push(`o.last_modified_at <= ${$(f.modifiedTo)}`);
  if (f.purchaseOrderNumber) {
    // A range of the "C" collation's index rather than LIKE (no escaping, any server's collation).
    where.push(`o.purchase_order_number COLLATE "C" >= ${$(f.purchaseOrderNumber)}`);
    const end = prefixEnd(f.purchaseOrderNumber);
    if (end !== undefined) where.push(`o.purchase_order_number COLLATE "C" < ${$(end)}`);
  }
  if (f.recipeSet)
    where.push(
      `o.id IN (SELECT li.order_id FROM order_line_item li WHERE li.recipe_set_id =
         (SELECT rs.id FROM ${RECIPE_SET_TABLE} rs WHERE rs.readable_id = ${$(f.recipeSet)} AND rs.client_id = $1))`,
    );
  if (f.shipped !== undefined)
    where.push(
      `${f.shipped ? '' : 'NOT '}EXISTS (SELECT 1 FROM order_line_item li WHERE li.order_id = o.id AND ${SHIPPED_LINE})`,
    );
  return { where, params };
}

/** The line items of the order aliased `p`, summed up: one pass, grouped by recipe set. */
const SUMMED_LINES = `CROSS JOIN LATERAL (
    SELECT COALESCE(sum(g.lines), 0)::int AS "lineItemCount",
           COALESCE(sum(g.quantity), 0)::bigint AS "totalQuantity",
           COALESCE(bool_or(g.shipped), false) AS shipped,
           COALESCE(json_agg(${recipeSetReadableIdOf('g.recipe_set_id')} ORDER BY g.first), '[]'::json)
             AS "recipeSetIds"
      FROM (SELECT li.recipe_set_id, count(*) AS lines, sum(li.quantity) AS quantity,
                   bool_or(${SHIPPED_LINE}) AS shipped, min(li.position) AS first
              FROM order_line_item li WHERE li.order_id = p.id GROUP BY li.recipe_set_id) g
  ) s`;

type RawSummary = Omit<OrderSummaryRow, 'totalQuantity'> & { totalQuantity: string | number };

/**
 * The console's orders list and its counts per status (GET /api/orders, /api/orders/status-counts):
 * one statement each, for the calling client only (`client_id = $1`).
 *
 * The list is keyset-paged: a page is the first `limit` orders after the cursor's (key, id) in the
 * sort's order, `(key, id) < ($k, $i)` (or `>`), never OFFSET, so a page costs the same however
 * deep it is. The orders of the page are chosen first by id (an index-only scan where the filters
 * allow), then read with their line items summed up, the line items of those orders only.
 *
 * Indexes of purchase_order (migration 1767600000000-order-list-indexes), each led by client_id:
 * - `IDX_purchase_order_order_date` (client_id, order_date DESC, id DESC) INCLUDE
 *   (workflow_statuses): the default sort `-orderDate` (forward) and `orderDate` (backward), with
 *   orderedFrom/orderedTo as its range and `status` checked in the index; the counts of a range
 *   of order dates as an index-only scan.
 * - `IDX_purchase_order_search` (client_id, last_modified_at, id) INCLUDE (workflow_statuses):
 *   `-lastModified` (backward) and `lastModified` (forward), with modifiedFrom/modifiedTo; the
 *   counts without filters or of a range of modifications as an index-only scan. It also serves
 *   POST /api/orders/search, whose order (last_modified_at, id) it now holds whole.
 * - `IDX_purchase_order_number_c` (client_id, purchase_order_number COLLATE "C", id): the
 *   `purchaseOrderNumber` sorts, and the purchaseOrderNumber prefix as a range of it.
 * Of order_line_item: `recipeSet` finds its orders through IDX_order_line_item_recipe_set
 * (recipe_set_id); `shipped` probes `IDX_order_line_item_shipped` (order_id) WHERE
 * shipment_tracking <> '[]', the shipped line items only, per order of the sort's index
 * (`true`: until the page is full; `false`: an anti-join), or, for the counts, hashes it whole;
 * the summaries read a page's line items through IDX_order_line_item_order_status (order_id, …).
 * The other filters are checked on the rows the sort's index gives; the planner takes another
 * index when one filter is narrow (a prefix, a recipe set) and sorts what it finds.
 */
@Injectable()
export class OrderListRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** Up to `limit` orders after `after` (from the first without), in the order of `sort`. */
  async page(
    clientId: string,
    q: { filters: OrderListFilters; sort: OrderSort; after?: ListPosition; limit: number },
  ): Promise<OrderSummaryRow[]> {
    const { field, descending } = sortOf(q.sort);
    const by = SORTS[field];
    const { where, params } = filtered(clientId, q.filters);
    const $ = (value: unknown) => `$${params.push(value)}`;
    const dir = descending ? 'DESC' : 'ASC';
    if (q.after)
      where.push(
        `(${by.column('o')}, o.id) ${descending ? '<' : '>'} (${$(q.after.key)}::${by.type}, ${$(q.after.id)}::uuid)`,
      );
    const rows = await this.uow.read<RawSummary>(
      `SELECT p.id, p.purchase_order_number AS "purchaseOrderNumber", p.order_date AS "orderDate",
              p.last_modified_at AS "lastModifiedAt", p.workflow_statuses AS "workflowStatuses",
              ${by.key('p')} AS "sortKey",
              s."lineItemCount", s."totalQuantity", s.shipped, s."recipeSetIds"
         FROM (SELECT o.id FROM purchase_order o WHERE ${where.join(' AND ')}
                ORDER BY ${by.column('o')} ${dir}, o.id ${dir} LIMIT ${$(q.limit)}) page
         JOIN purchase_order p ON p.id = page.id
         ${SUMMED_LINES}
        ORDER BY ${by.column('p')} ${dir}, p.id ${dir}`,
      params,
    );
    return rows.map((r) => ({
      ...r,
      orderDate: new Date(r.orderDate),
      lastModifiedAt: new Date(r.lastModifiedAt),
      totalQuantity: Number(r.totalQuantity),
    }));
  }

  /**
   * How many orders match `filters`, and how many of them have a line item in each status (an
   * order counts under each of its statuses); statuses no order has are left out.
   */
  async statusCounts(
    clientId: string,
    filters: OrderFilters,
  ): Promise<{ total: number; counts: Record<string, number> }> {
    const { where, params } = filtered(clientId, filters);
    const [row] = await this.uow.read<{ total: string; counts: Record<string, number> }>(
      `WITH matching AS (SELECT o.workflow_statuses FROM purchase_order o WHERE ${where.join(' AND ')})
       SELECT (SELECT count(*) FROM matching) AS total,
              COALESCE((SELECT json_object_agg(c.status, c.n)
                          FROM (SELECT s.status, count(*) AS n
                                  FROM matching m CROSS JOIN LATERAL unnest(m.workflow_statuses) AS s(status)
                                 GROUP BY s.status) c), '{}'::json) AS counts`,
      params,
    );
    return { total: Number(row.total), counts: row.counts };
  }
}
