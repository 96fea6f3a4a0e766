import { call } from '../support/processes/http';
import { expectResponsive, responsivenessDuring } from './support/liveness';
import { useRig } from './support/rig';

/**
 * One request must not hold the event loop: while the largest batch the limits accept is being
 * validated and stored, the liveness check keeps answering (no probe waits for more than a quarter
 * of the request's time: see expectResponsive); a request over the line-item limit is refused
 * before any validation. How fast the probes answer is measured by the abuse benchmark suite.
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
  // What is measured is the event loop while the batch is stored, not how long storing it may
  // take: beside other test runs the batch's statements once outlasted a 3 s statement timeout
  // (503), so the database's limit is far above it here.
  const rig = useRig({
    client: 'loop',
    recipeSets: 10,
    env: { DATABASE_STATEMENT_TIMEOUT_MS: '120000' },
  });

  it('answers /health/live while the largest accepted batch is validated and stored', async () => {
    const body = batch('LOOP', rig.recipeSets, MAX_LINE_ITEMS / MAX_ORDERS, MAX_ORDERS);
    expect(JSON.stringify(body).length).toBeLessThan(BODY_LIMIT);
    const measured = await responsivenessDuring(
      rig.api.baseUrl,
      () =>
        call(rig.api.baseUrl, 'POST', '/api/order/acknowledgements', {
          token: rig.token,
          body,
          timeoutMs: 120_000,
        }),
      5,
    );
    const { result: res, seen, quiet } = measured;
    process.stdout.write(
      `largest batch: ${JSON.stringify({ seen, quiet, workMs: Math.round(measured.workMs) })}\n`,
    );
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as unknown[]).length).toBe(MAX_ORDERS);
    expectResponsive(measured, { minProbes: 20, maxShareOfWork: 0.25 });
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
