import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  line,
  LOG_LINK,
  order as acknowledgement,
  OrdersApi,
  ordersApi,
  processedBody,
  TEXT_TYPE,
  today,
} from '../factories/orders';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

/** This suite's orders: priority given, one quantity-'1' line per recipe set. */
const order = (po: string, ...recipeSetIds: string[]) => {
  const lineItems = recipeSetIds.map((id) => line(id, 'TEE-BLK-M', '1'));
  return acknowledgement(po, lineItems, { priority: 'normal' });
};

describe('Orders: batch acknowledgement (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;
  const batch = (body: unknown, app: TestApp = t, c: TestClient = a) =>
    request(app.http)
      .post('/api/order/acknowledgements')
      .set({ SERVICE_API_TOKEN: c.token })
      .send(body as object);
  const stored = async (...numbers: string[]): Promise<string[]> => {
    const rows: { n: string }[] = await t.dataSource.query(
      `SELECT purchase_order_number AS n FROM purchase_order
       WHERE client_id = $1 AND purchase_order_number = ANY($2) ORDER BY 1`,
      [a.id, numbers],
    );
    return rows.map((r) => r.n);
  };
  const statusOf = async (ids: string[]): Promise<string[]> => {
    const rows: { status: string }[] = await t.dataSource.query(
      'SELECT status FROM recipe_set WHERE readable_id = ANY($1)',
      [ids],
    );
    return rows.map((r) => r.status);
  };
  const printRequests = async (ids: string[]): Promise<number> => {
    const rows: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM print_file_request p JOIN recipe_set r ON r.id = p.recipe_set_id
       WHERE r.readable_id = ANY($1)`,
      [ids],
    );
    return rows[0].n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('acknowledges every order and answers a top-level array of results', async () => {
    const [x, y, z] = await api.fresh(3);
    const res = await batch([order('B-1', x), order('B-2', y, z.toLowerCase())]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe(JSON.stringify([processedBody('B-1', x), processedBody('B-2', y, z)]));
    expect(await stored('B-1', 'B-2')).toEqual(['B-1', 'B-2']);
    expect(await statusOf([x, y, z])).toEqual(['Ordered', 'Ordered', 'Ordered']);
    expect(await printRequests([x, y, z])).toBe(3);
    const listed = await request(t.http)
      .get(`/api/orders/client/${a.handle}/from-date/${today()}/status/ordered/?idType=readable`)
      .set(api.auth());
    expect(listed.body).toEqual(expect.arrayContaining([x, y, z]));
  });

  it('answers 404 naming the order with the unknown recipe set, and stores no order of the batch', async () => {
    const [x, y] = await api.fresh(2);
    const res = await batch([order('B-404-OK', x), order('B-404-BAD', y, 'XXXXXXXX')]);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toMatch(
      /^Purchase order B-404-BAD: Recipe set XXXXXXXX was not found\. Log entry: /,
    );
    const [, logId] = LOG_LINK.exec(res.text) ?? [];
    expect((await request(t.http).get(`/logentry/detail/${logId}`)).status).toBe(200);
    expect(await stored('B-404-OK', 'B-404-BAD')).toEqual([]);
    expect(await statusOf([x, y])).toEqual(['Created', 'Created']);
    expect(await printRequests([x, y])).toBe(0);
  });

  it('answers 409 for a purchase order number that appears twice in the batch, storing nothing', async () => {
    const [x, y] = await api.fresh(2);
    const res = await batch([order('B-TWICE', x), order('B-TWICE', y)]);
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toMatch(/^Purchase order B-TWICE was already submitted\. Log entry: /);
    expect(await stored('B-TWICE')).toEqual([]);
    expect(await statusOf([x, y])).toEqual(['Created', 'Created']);
  });

  it('answers 409 naming an order that was already stored, and stores none of the others', async () => {
    const [x, y, z] = await api.fresh(3);
    await api.ack(order('B-EXISTING', x)).expect(200);
    const res = await batch([order('B-NEW', y), order('B-EXISTING', z)]);
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/^Purchase order B-EXISTING was already submitted\. Log entry: /);
    expect(await stored('B-NEW', 'B-EXISTING')).toEqual(['B-EXISTING']);
    expect(await statusOf([y, z])).toEqual(['Created', 'Created']);
  });

  it('answers 400 when the body is not an array, or is empty', async () => {
    const [x] = await api.fresh();
    const single = await batch(order('B-OBJECT', x));
    expect(single.status).toBe(400);
    expect(single.headers['content-type']).toMatch(TEXT_TYPE);
    expect(single.text).toBe(
      'Invalid request: the body must be a JSON array of order acknowledgements.',
    );
    const empty = await batch([]);
    expect(empty.status).toBe(400);
    expect(empty.text).toBe('Invalid request: the batch is empty.');
    expect(await stored('B-OBJECT')).toEqual([]);
  });

  it('answers 400 naming the 0-based index of the invalid element, and stores nothing', async () => {
    const [x, y] = await api.fresh(2);
    const res = await batch([order('B-VAL-0', x), { ...order('B-VAL-1', y), priority: 'urgent' }]);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toBe(
      'Invalid request: order [1]: priority must be one of 0 (Lowest), 1 (Lower), 2 (Normal), 3 (Higher), 4 (Highest).',
    );
    const problem = await batch([
      order('B-VAL-0', x),
      { ...order('B-VAL-1', y), orderDate: 'x' },
    ]).set('Accept', 'application/problem+json');
    expect(problem.status).toBe(400);
    expect(JSON.parse(problem.text)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: '[1].orderDate', message: expect.stringContaining('orderDate') }],
    });
    expect(await stored('B-VAL-0', 'B-VAL-1')).toEqual([]);
    expect(await statusOf([x, y])).toEqual(['Created', 'Created']);
  });

  it('names the order whose line items are unusable', async () => {
    const [x] = await api.fresh();
    const noLines = { purchaseOrderNumber: 'B-NOLINES', orderDate: '2026-03-30' };
    const res = await batch([order('B-LINES-OK', x), noLines]);
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      'Purchase order B-NOLINES: Invalid request: lineItems must list at least one line item (or use recipeSets).',
    );
    expect(await stored('B-LINES-OK', 'B-NOLINES')).toEqual([]);
  });

  it('answers 413 for more orders than MAX_BATCH_ORDERS and accepts exactly the maximum', async () => {
    const small = await createTestApp({ env: { MAX_BATCH_ORDERS: '3' } });
    try {
      const c = await createClient(small.app, { role: Role.User });
      const ids = (await createRecipeSets(small.app, c.id, 4)).map((r) => r.readableId);
      const four = ids.map((id, i) => order(`B-MAX-${i}`, id));
      const tooMany = await batch(four, small, c);
      expect(tooMany.status).toBe(413);
      expect(tooMany.headers['content-type']).toMatch(TEXT_TYPE);
      expect(tooMany.text).toBe('A batch may hold at most 3 orders; this one has 4.');
      const rows: { n: number }[] = await small.dataSource.query(
        'SELECT count(*)::int AS n FROM purchase_order',
      );
      expect(rows[0].n).toBe(0);
      const three = await batch(four.slice(0, 3), small, c);
      expect(three.status).toBe(200);
      expect(three.body).toHaveLength(3);
    } finally {
      await small.close();
    }
  });
});
