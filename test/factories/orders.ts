import request from 'supertest';
import { RecipeSetSummary } from '../../src/recipe-sets';
import { TestApp } from '../setup/test-app';
import { TestClient } from './clients';
import { createRecipeSets } from './recipe-sets';

/** The log link that 4xx/5xx text answers end with; group 1 is the log entry id. */
export const LOG_LINK = / Log entry: http:\/\/api\.test\/logentry\/detail\/([0-9a-f-]{36})$/;
export const JSON_TYPE = /^application\/json; charset=utf-8$/;
export const TEXT_TYPE = /^text\/plain; charset=utf-8$/;

/** Today's date (UTC) as YYYY-MM-DD. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * SKUs of the demo products that fit the demo designs (DemoService.createRecipeSets: the first
 * colour of each product, white and steel): the strict SKU policy refuses other colours.
 */
export const DEMO_TEE_SKU = 'DEMO-TEE-WHT-M';
export const DEMO_BOTTLE_SKU = 'DEMO-BOTTLE-STEEL';

/** A line item naming one recipe set, with one sku-quantity pair. */
export const line = (recipeSetId: string, sku = 'TEE-BLK-M', quantity: unknown = 1) => ({
  recipeSetId,
  skuQuantities: [{ sku, quantity }],
});

/** An order acknowledgement body; `extra` fields are added, or replace the defaults in place. */
export const order = (po: string, lineItems: unknown[], extra: Record<string, unknown> = {}) => ({
  purchaseOrderNumber: po,
  orderDate: '2026-03-30T10:00:00Z',
  lineItems,
  ...extra,
});

/** Two sizes of the tee (one quantity sent as a string), for `placeOrder`. */
export const TWO_SIZES = [
  { sku: 'TEE-BLK-M', quantity: '2' },
  { sku: 'TEE-BLK-L', quantity: 1 },
];

/** A complete address whose names start with `prefix`. */
export const address = (prefix: string) => ({
  firstName: `${prefix}First`,
  lastName: `${prefix}Last`,
  address1: '1 Main St',
  address2: 'Suite 5',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
});

/** The acknowledgement result for an order whose recipe sets all succeeded. */
export const processedBody = (po: string, ...ids: string[]) => ({
  purchaseOrderNumber: po,
  statuses: ids.map((recipeSetId) => ({
    recipeSetId,
    success: true,
    message: 'Processed Successfully',
  })),
  allSuccessful: true,
});

/** The exact response text of a successful acknowledgement. */
export const processed = (po: string, ...ids: string[]) =>
  JSON.stringify(processedBody(po, ...ids));

export type OrdersApi = ReturnType<typeof ordersApi>;

/**
 * Requests to the orders API of `t` as `client` (or another client `as`). Create it once `t` and
 * `client` exist, e.g. in `beforeAll`.
 */
export function ordersApi(t: TestApp, client: TestClient) {
  const auth = (as: TestClient = client) => ({ SERVICE_API_TOKEN: as.token });
  const ack = (body: unknown, path = '/api/order/acknowledgement', as: TestClient = client) =>
    request(t.http)
      .post(path)
      .set(auth(as))
      .send(body as object);
  const fresh = async (n = 1, as: TestClient = client) =>
    (await createRecipeSets(t.app, as.id, n)).map((r) => r.readableId);
  return {
    auth,
    ack,
    fresh,
    getOrder: (po: string) =>
      request(t.http)
        .get(`/api/order/order-number/${encodeURIComponent(po)}`)
        .set(auth()),
    /** How many orders the client has (numbered `po`, if given). */
    orderCount: async (clientId: string, po?: string): Promise<number> => {
      const rows: { n: number }[] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM purchase_order WHERE client_id = $1 AND ($2::text IS NULL OR purchase_order_number = $2)`,
        [clientId, po ?? null],
      );
      return rows[0].n;
    },
    /** Readable ids of the client's recipe sets in `status` since today; expects 200. */
    listing: async (status: string): Promise<string[]> => {
      const res = await request(t.http)
        .get(
          `/api/orders/client/${client.handle}/from-date/${today()}/status/${status}?idType=Readable`,
        )
        .set(auth());
      expect(res.status).toBe(200);
      return res.body as string[];
    },
    /**
     * `n` new recipe sets of `as`, acknowledged as order `po` with `extra` fields, each line with
     * `skuQuantities`; expects 200.
     */
    placeOrder: async (
      po: string,
      n: number,
      skuQuantities: { sku: string; quantity: unknown }[],
      extra: Record<string, unknown> = {},
      as: TestClient = client,
    ): Promise<RecipeSetSummary[]> => {
      const sets = await createRecipeSets(t.app, as.id, n);
      const lineItems = sets.map((s) => ({ recipeSetId: s.readableId, skuQuantities }));
      await ack(order(po, lineItems, extra), undefined, as).expect(200);
      return sets;
    },
  };
}
