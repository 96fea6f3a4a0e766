import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  JSON_TYPE,
  line,
  order as acknowledgement,
  OrdersApi,
  ordersApi,
  TEXT_TYPE,
} from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { IDEMPOTENCY_LOCK } from '../../src/common/idempotency/idempotency.repository';
import { IdempotencyService } from '../../src/common/idempotency/idempotency.service';

/** This suite's orders: one recipe set, sku TEE. */
const order = (po: string, recipeSetId: string, quantity = 1) =>
  acknowledgement(po, [line(recipeSetId, 'TEE', quantity)]);

describe('Orders: Idempotency-Key (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let api: OrdersApi;
  const post = (
    c: TestClient,
    key: string | undefined,
    body: unknown,
    path = '/api/order/acknowledgement',
  ) => {
    const req = request(t.http).post(path).set(api.auth(c));
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  const orders = (c: TestClient, po: string) => api.orderCount(c.id, po);
  const keys = async (c: TestClient, key: string) =>
    await t.dataSource.query<{ response_status: number | null; long_lived: boolean }[]>(
      "SELECT response_status, expires_at > now() + interval '23 hours' AS long_lived FROM idempotency_key WHERE client_id = $1 AND key = $2",
      [c.id, key],
    );
  const fresh = async (c: TestClient) => (await api.fresh(1, c))[0];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('replays the first response for the same key and body, storing the order once', async () => {
    const rs = await fresh(a);
    const first = await post(a, 'k1', order('IDEM-1', rs));
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await post(a, 'k1', order('IDEM-1', rs));
    expect(second.status).toBe(200);
    expect(second.headers['content-type']).toMatch(JSON_TYPE);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.text).toBe(first.text);
    expect(second.body).toEqual({
      purchaseOrderNumber: 'IDEM-1',
      statuses: [{ recipeSetId: rs, success: true, message: 'Processed Successfully' }],
      allSuccessful: true,
    });
    expect(await orders(a, 'IDEM-1')).toBe(1);
    expect(await keys(a, 'k1')).toEqual([{ response_status: 200, long_lived: true }]);
    const withoutKey = await post(a, undefined, order('IDEM-1', rs));
    expect(withoutKey.status).toBe(409);
  });

  it('answers 422 text for the same key with a different body, storing nothing new', async () => {
    const rs = await fresh(a);
    await post(a, 'k-diff', order('IDEM-2', rs)).expect(200);
    const other = await fresh(a);
    const res = await post(a, 'k-diff', order('IDEM-2B', other));
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toBe('Idempotency-Key k-diff was already used for a different request.');
    const changedQuantity = await post(a, 'k-diff', order('IDEM-2', rs, 2));
    expect(changedQuantity.status).toBe(422);
    const otherRoute = await post(
      a,
      'k-diff',
      [order('IDEM-2', rs)],
      '/api/order/acknowledgements',
    );
    expect(otherRoute.status).toBe(422);
    expect(await orders(a, 'IDEM-2B')).toBe(0);
  });

  it('releases the key when the request fails, so nothing is stored for it', async () => {
    const res = await post(a, 'k-fail', order('IDEM-3', 'XXXXXXXX'));
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/^Recipe set XXXXXXXX was not found\. Log entry: /);
    expect(await keys(a, 'k-fail')).toEqual([]);
    const invalid = await post(a, 'k-fail', { purchaseOrderNumber: 'IDEM-3' });
    expect(invalid.status).toBe(400);
    expect(await keys(a, 'k-fail')).toEqual([]);
    const rs = await fresh(a);
    const retry = await post(a, 'k-fail', order('IDEM-3', rs));
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await orders(a, 'IDEM-3')).toBe(1);
  });

  it('keeps keys per client: client B may use the same key independently', async () => {
    const rs = await fresh(a);
    await post(a, 'shared-key', order('IDEM-4', rs)).expect(200);
    const theirs = await fresh(b);
    const res = await post(b, 'shared-key', order('IDEM-4-B', theirs));
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.body.purchaseOrderNumber).toBe('IDEM-4-B');
    expect([await orders(a, 'IDEM-4'), await orders(b, 'IDEM-4-B')]).toEqual([1, 1]);
    const sameBody = await post(b, 'shared-key', order('IDEM-4-B', theirs));
    expect([sameBody.status, sameBody.headers['idempotent-replayed']]).toEqual([200, 'true']);
  });

  it('answers 409 while a request with the same key is still in flight', async () => {
    const rs = await fresh(a);
    const body = order('IDEM-5', rs);
    if (!t.db.env.DATABASE_URL) {
      // The embedded database runs one transaction at a time: a second request with the key
      // waits for the first to commit, then gets its replay.
      const [first, second] = await Promise.all([
        post(a, 'k-flight', body),
        post(a, 'k-flight', body),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.text).toBe(first.text);
      expect([first, second].filter((r) => r.headers['idempotent-replayed'])).toHaveLength(1);
      expect(await orders(a, 'IDEM-5')).toBe(1);
      return;
    }
    // Another instance holds the key: its transaction has the key's lock and has not committed.
    const other = t.dataSource.createQueryRunner();
    await other.startTransaction();
    try {
      await other.query(`SELECT pg_advisory_xact_lock(${IDEMPOTENCY_LOCK})`, [a.id, 'k-flight']);
      const res = await post(a, 'k-flight', body);
      expect(res.status).toBe(409);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe(
        'A request with Idempotency-Key k-flight is still being processed; retry later.',
      );
    } finally {
      await other.rollbackTransaction();
      await other.release();
    }
    // It never committed: the retry runs.
    const retry = await post(a, 'k-flight', body);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await orders(a, 'IDEM-5')).toBe(1);
  });

  it('validates the body before it claims the key (no transaction held meanwhile)', async () => {
    const claims = jest.spyOn(t.app.get(IdempotencyService), 'claim');
    try {
      const invalid = await post(a, 'k-invalid', { purchaseOrderNumber: 'IDEM-9', orderDate: 'x' });
      expect(invalid.status).toBe(400);
      expect(claims).not.toHaveBeenCalled();
      const valid = await post(a, 'k-invalid', order('IDEM-9', await fresh(a)));
      expect(valid.status).toBe(200);
      expect(claims).toHaveBeenCalledTimes(1);
    } finally {
      claims.mockRestore();
    }
  });

  it('replays batch and full-order responses too', async () => {
    const [x, y] = await api.fresh(2);
    const batch = [order('IDEM-6', x)];
    const first = await post(a, 'k-batch', batch, '/api/order/acknowledgements');
    const again = await post(a, 'k-batch', batch, '/api/order/acknowledgements');
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([
      200,
      200,
      'true',
    ]);
    expect(again.text).toBe(first.text);
    const address = {
      firstName: 'J',
      lastName: 'D',
      address1: '1 St',
      city: 'C',
      state: 'S',
      postalCode: '1',
      country: 'US',
    };
    const full = { ...order('IDEM-7', y), customerAddress: address, shippingAddress: address };
    await post(a, 'k-full', full, '/api/order').expect(200);
    const replay = await post(a, 'k-full', full, '/api/order');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect([await orders(a, 'IDEM-6'), await orders(a, 'IDEM-7')]).toEqual([1, 1]);
  });

  it('answers 400 for an invalid key and stores nothing', async () => {
    const rs = await fresh(a);
    for (const key of ['k'.repeat(300), 'has space', 'tab\there']) {
      const res = await post(a, key, order('IDEM-8', rs));
      expect([key.slice(0, 10), res.status]).toEqual([key.slice(0, 10), 400]);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters.');
    }
    expect(await orders(a, 'IDEM-8')).toBe(0);
    const longest = await post(a, 'k'.repeat(255), order('IDEM-8', rs));
    expect(longest.status).toBe(200);
  });
});
