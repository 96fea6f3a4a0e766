import { WORKFLOW_STATUSES, WorkflowStatus } from './order.enums';

/**
 * What the orders list (GET /api/orders) and its counts (GET /api/orders/status-counts) are asked:
 * the sorts, the filters, and the page sizes. The DTOs validate the query into these; the cursor
 * (order-list-cursor.ts) and the repository (order-list.repository.ts) read them.
 */

/** The sorts of the list: a field, descending with a leading `-`. */
export const ORDER_SORTS = [
  '-orderDate',
  'orderDate',
  '-lastModified',
  'lastModified',
  'purchaseOrderNumber',
  '-purchaseOrderNumber',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** A sort's field: the sort without its `-`. */
export type OrderSortField = Exclude<OrderSort, `-${string}`>;
export const DEFAULT_ORDER_SORT: OrderSort = '-orderDate';

export const DEFAULT_ORDER_PAGE = 25;
export const MAX_ORDER_PAGE = 100;

/** The sort's field and direction. */
export function sortOf(sort: OrderSort): { field: OrderSortField; descending: boolean } {
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as OrderSortField, descending };
}

/** The filters both routes take; absent: not filtered. */
export interface OrderFilters {
  orderedFrom?: Date;
  orderedTo?: Date;
  modifiedFrom?: Date;
  modifiedTo?: Date;
  /** A prefix of the purchase order number, case-sensitive. */
  purchaseOrderNumber?: string;
  /** A recipe set's readable id, upper-case. */
  recipeSet?: string;
  shipped?: boolean;
}

/** The list's filters: those, and the statuses (empty: all). */
export interface OrderListFilters extends OrderFilters {
  statuses: WorkflowStatus[];
}

/** `statuses` once each, in workflow order (the order of WorkflowStatus). */
export function inWorkflowOrder(statuses: readonly string[]): WorkflowStatus[] {
  return WORKFLOW_STATUSES.filter((s) => statuses.includes(s)) as WorkflowStatus[];
}

const MAX_CODE_POINT = 0x10ffff;

/**
 * The least text after every text that starts with `prefix`, in code point order (PostgreSQL's
 * "C" collation compares UTF-8 bytes, which order as code points): `prefix` with its last code
 * point one higher (past the surrogates), a last U+10FFFF dropped first. So a prefix is the range
 * [prefix, prefixEnd(prefix)) of an index in the "C" collation. Undefined when there is no such
 * text (a prefix of U+10FFFF only): the range is then open at its end.
 */
export function prefixEnd(prefix: string): string | undefined {
  const points = Array.from(prefix, (c) => c.codePointAt(0)!);
  while (points.length > 0 && points[points.length - 1] === MAX_CODE_POINT) points.pop();
  if (points.length === 0) return undefined;
  let last = points[points.length - 1] + 1;
  if (last >= 0xd800 && last <= 0xdfff) last = 0xe000;
  points[points.length - 1] = last;
  return String.fromCodePoint(...points);
}
