import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

/** Requests must not hang: a hung request fails the test at this bound. */
const NO_HANG_MS = 10_000;

describe('When the database goes away and comes back (HTTP)', () => {
  let t: TestApp;
  let client: TestClient;
  let recipeSet: string;

  beforeAll(async () => {
    // The service's own wait for a connection (the test app's default is far longer).
    t = await createTestApp({ env: { DATABASE_CONNECT_TIMEOUT_MS: '5000' } });
    client = await createClient(t.app, { role: Role.User });
    [{ readableId: recipeSet }] = await createRecipeSets(t.app, client.id);
  });
  afterAll(() => t.close());

  const ack = (po: string) =>
    request(t.http)
      .post('/api/order/acknowledgement')
      .set('SERVICE_API_TOKEN', client.token)
      .send({
        purchaseOrderNumber: po,
        orderDate: '2026-03-30',
        lineItems: [{ recipeSetId: recipeSet }],
      })
      .timeout(NO_HANG_MS);

  it('answers 503 ProblemDetails fast, reports not ready, stores nothing, and serves again after it returns', async () => {
    expect((await ack('OUT-0')).status).toBe(200);
    const restore = await t.db.outage();

    // A read that needs the database (the token route may answer from the 1 s token cache).
    const current = await request(t.http)
      .get('/api/order/order-number/OUT-0')
      .set('SERVICE_API_TOKEN', client.token)
      .timeout(NO_HANG_MS);
    expect(current.status).toBe(503);
    expect(current.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(current.headers['retry-after']).toBe('5');
    expect(JSON.parse(current.text)).toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      detail: 'The database is unavailable; retry the request later.',
    });

    const during = await ack('OUT-1');
    expect(during.status).toBe(503);

    const ready = await request(t.http).get('/health/ready').timeout(NO_HANG_MS);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toBe('down');
    expect((await request(t.http).get('/health/live')).status).toBe(200);

    await restore();
    // The same process serves again once the database is back: no restart.
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 200; attempt++) {
      status = (await request(t.http).get('/health/ready').timeout(NO_HANG_MS)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(200);
    const retried = await ack('OUT-1');
    expect(retried.status).toBe(200);
    const stored: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM purchase_order WHERE purchase_order_number IN ('OUT-0', 'OUT-1')`,
    );
    expect(Number(stored[0].n)).toBe(2);
  });
});
