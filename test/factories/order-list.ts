import request from 'supertest';
import { TestApp } from '../setup/test-app';
import { TestClient } from './clients';
import { ordersApi, TWO_SIZES } from './orders';
import { createRecipeSets } from './recipe-sets';

/** Client A's orders: PO-1000…PO-1015, po-1016…po-1019, X-1020…X-1023. */
export const LIST_NUMBERS = Array.from({ length: 24 }, (_, i) =>
  i < 16 ? `PO-${1000 + i}` : i < 20 ? `po-${1000 + i}` : `X-${1000 + i}`,
);
/** The order date of A's i-th order: three orders to a date, 2026-03-01 to 2026-03-08. */
const dated = (i: number) => `2026-03-0${1 + Math.floor(i / 3)}T10:00:00Z`;
/** A sort key as the database orders it: microsecond UTC text. */
const key = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An order of A as the database keeps it. */
export interface ListRow {
  id: string;
  po: string;
  orderDate: string;
  lastModified: string;
}

export interface OrderListData {
  /** A's recipe sets by order (two for every fourth order), and B's by order. */
  sets: string[][];
  bSets: string[];
  /** When A's orders were acknowledged (all at once), before any was updated. */
  acknowledgedAt: string;
  rows: ListRow[];
}

/**
 * The orders of the list's tests, through the API: A's 24 orders in one batch (so that all share
 * their last modification, and dates go three to a day), then statuses moved (PO-1001 and PO-1002
 * in-progress, PO-1005 completed, one line of PO-1008 on-hold, X-1020 cancelled) and shipments
 * recorded (PO-1003, PO-1008); B's three orders (PO-1000 too, PO-B1 shipped).
 */
export async function seedOrderList(
  t: TestApp,
  a: TestClient,
  b: TestClient,
): Promise<OrderListData> {
  const api = ordersApi(t, a);
  const update = (c: TestClient, po: string, path: string, line: Record<string, unknown>) =>
    request(t.http)
      .post(path)
      .set(api.auth(c))
      .send({ purchaseOrderNumber: po, lineItems: [line] })
      .expect(200);
  const made = (await createRecipeSets(t.app, a.id, 30)).map((r) => r.readableId);
  const sets: string[][] = [];
  const orders = LIST_NUMBERS.map((po, i) => {
    sets.push(made.splice(0, i % 4 === 0 ? 2 : 1));
    const lineItems = sets[i].map((recipeSetId) => ({ recipeSetId, skuQuantities: TWO_SIZES }));
    return { purchaseOrderNumber: po, orderDate: dated(i), lineItems };
  });
  await api.ack(orders, '/api/order/acknowledgements').expect(200);
  const bSets = (await createRecipeSets(t.app, b.id, 3)).map((r) => r.readableId);
  const bOrders = ['PO-1000', 'PO-B1', 'PO-B2'].map((po, i) => ({
    purchaseOrderNumber: po,
    orderDate: dated(i),
    lineItems: [{ recipeSetId: bSets[i], skuQuantities: TWO_SIZES }],
  }));
  await api.ack(bOrders, '/api/order/acknowledgements', b).expect(200);
  const ship = { shipmentTracking: '1Z999AA10123456784' };
  await update(b, 'PO-B1', '/api/order/ship-notification', {
    recipeSetReadableId: bSets[1],
    ...ship,
  });
  const [{ at }] = await t.dataSource.query<{ at: Date }[]>(
    'SELECT max(last_modified_at) AS at FROM purchase_order WHERE client_id = $1',
    [a.id],
  );
  // The updates come at least a few milliseconds after the acknowledgement.
  await new Promise((resolve) => setTimeout(resolve, 5));
  for (const [po, line, workflowStatus] of [
    ['PO-1001', 0, 'in-progress'],
    ['PO-1002', 0, 'IN-PROGRESS'],
    ['PO-1005', 0, 'completed'],
    ['PO-1008', 1, 'on-hold'],
    ['X-1020', 0, 'cancelled'],
  ] as const) {
    const recipeSetReadableId = sets[LIST_NUMBERS.indexOf(po)][line];
    await update(a, po, '/api/order/status', { recipeSetReadableId, workflowStatus });
  }
  for (const po of ['PO-1003', 'PO-1008']) {
    const recipeSetReadableId = sets[LIST_NUMBERS.indexOf(po)][0];
    await update(a, po, '/api/order/ship-notification', { recipeSetReadableId, ...ship });
  }
  const rows = await t.dataSource.query<ListRow[]>(
    `SELECT id::text, purchase_order_number AS po, ${key('order_date')} AS "orderDate",
            ${key('last_modified_at')} AS "lastModified" FROM purchase_order WHERE client_id = $1`,
    [a.id],
  );
  return { sets, bSets, acknowledgedAt: new Date(at).toISOString(), rows };
}

/**
 * The numbers of `rows` that `keep` keeps, in the order of `sort` by the database's own keys, ties
 * by id (the order the list promises, computed apart from its SQL).
 */
export function orderedBy(
  rows: ListRow[],
  sort: string,
  keep: (r: ListRow) => boolean = () => true,
): string[] {
  const field = sort.replace('-', '') as 'orderDate' | 'lastModified' | 'purchaseOrderNumber';
  const keyOf = (r: ListRow) => (field === 'purchaseOrderNumber' ? r.po : r[field]);
  const sign = sort.startsWith('-') ? -1 : 1;
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return rows
    .filter(keep)
    .sort((x, y) => sign * (cmp(keyOf(x), keyOf(y)) || cmp(x.id, y.id)))
    .map((r) => r.po);
}
