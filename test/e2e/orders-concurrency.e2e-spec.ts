import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { line, order, OrdersApi, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

const CONCURRENT = 50;

describe('Orders under concurrency (HTTP)', () => {
  let t: TestApp;
  let client: TestClient;
  let api: OrdersApi;
  let readableIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    client = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, client);
    readableIds = await api.fresh(3);
  });
  afterAll(() => t.close());

  const raceOrder = (purchaseOrderNumber: string, recipeSetId: string) =>
    order(purchaseOrderNumber, [line(recipeSetId, 'S')], { orderDate: '2026-03-30' });

  const count = async (sql: string, params: unknown[]): Promise<number> =>
    Number((await t.dataSource.query<{ n: string }[]>(sql, params))[0].n);

  it(`${CONCURRENT} simultaneous acknowledgements of one purchase order: exactly one 200, the rest 409`, async () => {
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () => api.ack(raceOrder('RACE-1', readableIds[0]))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 1);
    for (const r of responses.filter((x) => x.status === 409)) {
      expect(r.text).toMatch(
        /^Purchase order RACE-1 was already submitted\. Log entry: http:\/\/api\.test\/logentry\/detail\//,
      );
    }
    expect(
      await count('SELECT count(*) AS n FROM purchase_order WHERE purchase_order_number = $1', [
        'RACE-1',
      ]),
    ).toBe(1);
    expect(
      await count(
        'SELECT count(*) AS n FROM order_line_item li JOIN purchase_order o ON o.id = li.order_id WHERE o.purchase_order_number = $1',
        ['RACE-1'],
      ),
    ).toBe(1);
  });

  it('racing batches that share one order: one batch wins whole, the other stores nothing', async () => {
    const a = [raceOrder('RACE-A1', readableIds[1]), raceOrder('RACE-SHARED', readableIds[1])];
    const b = [raceOrder('RACE-B1', readableIds[2]), raceOrder('RACE-SHARED', readableIds[2])];
    const [ra, rb] = await Promise.all([
      api.ack(a, '/api/order/acknowledgements'),
      api.ack(b, '/api/order/acknowledgements'),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? 'RACE-A1' : 'RACE-B1';
    const winner = ra.status === 409 ? 'RACE-B1' : 'RACE-A1';
    expect(
      await count('SELECT count(*) AS n FROM purchase_order WHERE purchase_order_number = $1', [
        loser,
      ]),
    ).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM purchase_order WHERE purchase_order_number = $1', [
        winner,
      ]),
    ).toBe(1);
  });

  it('concurrent status updates of one order all apply and each leaves one history row', async () => {
    await api.ack(raceOrder('RACE-STATUS', readableIds[0])).expect(200);
    const statuses = ['in-progress', 'on-hold', 'completed', 'revision', 'approved', 'released'];
    const responses = await Promise.all(
      statuses.map((workflowStatus) =>
        request(t.http)
          .put('/api/order/status')
          .set(api.auth())
          .send({
            purchaseOrderNumber: 'RACE-STATUS',
            lineItems: [{ recipeSetReadableId: readableIds[0], workflowStatus }],
          }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(statuses.map(() => 200));
    const history: { workflow_status: string }[] = await t.dataSource.query(
      `SELECT h.workflow_status FROM line_item_history h JOIN purchase_order o ON o.id = h.order_id
       WHERE o.purchase_order_number = $1 ORDER BY h.id`,
      ['RACE-STATUS'],
    );
    expect(history.map((h) => h.workflow_status).sort()).toEqual([...statuses].sort());
    const read = await api.getOrder('RACE-STATUS');
    // The final status is the last one applied, which is the last history row.
    expect(read.body.lineItems[0].workflowStatus).toBe(history[history.length - 1].workflow_status);
    expect(read.body.productionStartDateTime).toEqual(expect.stringMatching(/Z$/));

    // Search sees the line item's current status, not the one it was acknowledged with.
    const search = (workflowStatuses: string[]) =>
      request(t.http).post('/api/orders/search').set(api.auth()).send({
        lastModificationStartDate: '2026-01-01',
        ignoreDateRestriction: true,
        workflowStatuses,
      });
    const final = read.body.lineItems[0].workflowStatus as string;
    const found = await search([final]);
    expect(found.body.map((o: { purchaseOrderNumber: string }) => o.purchaseOrderNumber)).toContain(
      'RACE-STATUS',
    );
    const stale = await search(['not-started']);
    expect(
      stale.body.map((o: { purchaseOrderNumber: string }) => o.purchaseOrderNumber),
    ).not.toContain('RACE-STATUS');
  });
});
