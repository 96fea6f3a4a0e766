import { call, Exchange } from '../support/processes/http';
import { percentile, probeLiveDuring } from './support/liveness';
import { useRig } from './support/rig';

/**
 * One request must not hold the event loop: while the largest batch the limits accept is being
 * validated and stored, the liveness check keeps answering within 100 ms (p99); a request over
 * the line-item limit is refused before any validation.
 */
const MAX_ORDERS = 1000; // MAX_BATCH_ORDERS (default)
const MAX_LINE_ITEMS = 10_000; // MAX_REQUEST_LINE_ITEMS (default)
const BODY_LIMIT = 5 * 1024 * 1024; // JSON_BODY_LIMIT (default 5mb)

function batch(prefix: string, recipeSets: string[], lineItemsPerOrder: number, orders: number) {
  return Array.from({ length: orders }, (_, o) => ({
    purchaseOrderNumber: `${prefix}-${o}`,
    orderDate: '2026-03-30T10:00:00Z',
    emailAddress: `buyer${o}@example.com`,
    lineItems: Array.from({ length: lineItemsPerOrder }, (_, l) => ({
      recipeSetId: recipeSets[(o + l) % recipeSets.length],
      productName: `Product ${l}`,
      skuQuantities: Array.from({ length: 12 }, (_, s) => ({ sku: `SKU-${s}`, quantity: s + 1 })),
    })),
  }));
}

describe('Event loop under one large request', () => {
  const rig = useRig({ client: 'loop', recipeSets: 10 });

  /** GET /health/live one request after another until `work` settles. */
  const probeDuring = async (work: Promise<Exchange>) => {
    const { result: res, ms } = await probeLiveDuring(rig.api.baseUrl, work, 5);
    return { res, ms };
  };

  it('answers /health/live within 100 ms (p99) while the largest accepted batch is validated and stored', async () => {
    const body = batch('LOOP', rig.recipeSets, MAX_LINE_ITEMS / MAX_ORDERS, MAX_ORDERS);
    expect(JSON.stringify(body).length).toBeLessThan(BODY_LIMIT);
    const { res, ms } = await probeDuring(
      call(rig.api.baseUrl, 'POST', '/api/order/acknowledgements', {
        token: rig.token,
        body,
        timeoutMs: 120_000,
      }),
    );
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as unknown[]).length).toBe(MAX_ORDERS);
    expect(ms.length).toBeGreaterThanOrEqual(20);
    expect(percentile(ms, 99)).toBeLessThan(100);
  });

  it('refuses one line item over MAX_REQUEST_LINE_ITEMS with 413 before validating anything', async () => {
    const body = batch('OVER', rig.recipeSets, MAX_LINE_ITEMS / MAX_ORDERS, MAX_ORDERS);
    body[0].lineItems.push(body[0].lineItems[0]);
    const res = await call(rig.api.baseUrl, 'POST', '/api/order/acknowledgements', {
      token: rig.token,
      body,
    });
    expect(res.status).toBe(413);
    expect(res.text).toContain(
      `This request carries ${MAX_LINE_ITEMS + 1} line items; at most ${MAX_LINE_ITEMS} are accepted in one request (MAX_REQUEST_LINE_ITEMS).`,
    );
  });
});
