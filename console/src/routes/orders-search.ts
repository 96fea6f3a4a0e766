import type { paths } from '../api/schema';

type ListQuery = NonNullable<paths['/api/orders']['get']['parameters']['query']>;

/**
 * The orders list's state, all of it in the URL (deep links, back and forward). The values it
 * accepts are the API's: the lists below must be the document's enums (checked by the compiler).
 */
export const SORTS = [
  '-orderDate',
  'orderDate',
  '-lastModified',
  'lastModified',
  'purchaseOrderNumber',
  '-purchaseOrderNumber',
] as const satisfies readonly NonNullable<ListQuery['sort']>[];
export type Sort = (typeof SORTS)[number];

export const STATUSES = [
  'not-started',
  'user-proof-requested',
  'in-progress',
  'in-progress-step-1',
  'completed',
  'revision',
  'on-hold',
  'approved',
  'released',
  'delivered',
  'cancelled',
] as const satisfies readonly NonNullable<ListQuery['status']>[number][];

export type Status = (typeof STATUSES)[number];

export interface OrdersSearch {
  status?: Status;
  orderedFrom?: string;
  orderedTo?: string;
  purchaseOrderNumber?: string;
  recipeSet?: string;
  shipped?: 'true' | 'false';
  sort?: Sort;
  cursor?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;

/** What the URL says, kept only where it is one of the values the list understands. */
export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const status = text(search.status);
  const date = (v: unknown) => (typeof v === 'string' && DATE.test(v) ? v : undefined);
  const sort = SORTS.find((s) => s === search.sort);
  const shipped =
    search.shipped === 'true' || search.shipped === 'false' ? search.shipped : undefined;
  const parsed: OrdersSearch = {
    status: STATUSES.find((s) => s === status),
    orderedFrom: date(search.orderedFrom),
    orderedTo: date(search.orderedTo),
    purchaseOrderNumber: text(search.purchaseOrderNumber),
    recipeSet: text(search.recipeSet),
    shipped,
    sort,
    cursor: text(search.cursor),
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

/**
 * The API's filters for a list state (GET /api/orders and its counts; the counts take no status):
 * the order date range covers the whole of its last day.
 */
export function ordersFilters(search: OrdersSearch) {
  return {
    orderedFrom: search.orderedFrom,
    orderedTo: search.orderedTo ? `${search.orderedTo}T23:59:59.999Z` : undefined,
    purchaseOrderNumber: search.purchaseOrderNumber,
    recipeSet: search.recipeSet,
    shipped: search.shipped === undefined ? undefined : search.shipped === 'true',
  };
}
