import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  address,
  JSON_TYPE,
  line,
  LOG_LINK,
  order,
  OrdersApi,
  ordersApi,
  processed,
  TEXT_TYPE,
} from '../factories/orders';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Orders: acknowledgement (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('answers the documented body, moves the recipe set to Ordered and requests print files', async () => {
    const [rs] = await createRecipeSets(t.app, a.id);
    expect(await api.listing('Created')).toContain(rs.readableId);
    const res = await api.ack(order('42015953', [line(rs.readableId)], { priority: 'higher' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    expect(res.text).toBe(processed('42015953', rs.readableId));
    expect(await api.listing('Ordered')).toContain(rs.readableId);
    expect(await api.listing('Created')).not.toContain(rs.readableId);
    const requests: { priority: number; status: string }[] = await t.dataSource.query(
      'SELECT priority, status FROM print_file_request WHERE recipe_set_id = $1',
      [rs.uuid],
    );
    expect(requests).toEqual([{ priority: 3, status: 'pending' }]);
  });

  it('names each recipe set by its readable id, whether sent as UUID, recipeSetUuid or lower case', async () => {
    const sets = await createRecipeSets(t.app, a.id, 3);
    const res = await api.ack(
      order('PO-REFS', [
        line(sets[0].uuid.toUpperCase()),
        { recipeSetUuid: sets[1].uuid, skuQuantities: [{ sku: 'S', quantity: 1 }] },
        line(` ${sets[2].readableId.toLowerCase()} `),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.text).toBe(processed('PO-REFS', ...sets.map((s) => s.readableId)));
    const rows: { priority: number }[] = await t.dataSource.query(
      `SELECT p.priority FROM print_file_request p JOIN purchase_order o ON o.id = p.order_id
       WHERE o.purchase_order_number = 'PO-REFS'`,
    );
    expect(rows).toEqual([{ priority: 2 }, { priority: 2 }, { priority: 2 }]);
    const read = await api.getOrder('PO-REFS');
    expect(read.body.lineItems.map((l: { recipeSetId: string }) => l.recipeSetId)).toEqual(
      sets.map((s) => s.readableId),
    );
  });

  it('answers 404 text with a working log link for an unknown recipe set and stores nothing', async () => {
    const [known] = await api.fresh();
    const res = await api.ack(order('PO-404', [line(known), line('XXXXXXXX')]));
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toMatch(/^Recipe set XXXXXXXX was not found\. Log entry: /);
    const [, logId] = LOG_LINK.exec(res.text) ?? [];
    expect(logId).toBeDefined();
    const entry = await request(t.http)
      .get(`/logentry/detail/${logId}`)
      .set('Accept', 'application/json');
    expect(entry.status).toBe(200);
    expect(entry.body).toMatchObject({
      id: logId,
      status: 404,
      method: 'POST',
      route: '/api/order/acknowledgement',
      message: 'Recipe set XXXXXXXX was not found.',
    });
    expect((await request(t.http).get(`/logentry/detail/${logId}`)).status).toBe(200);
    expect(await api.orderCount(a.id, 'PO-404')).toBe(0);
    expect(await api.listing('Created')).toContain(known);
  });

  it('answers 409 with a log link on the second submission and keeps the first', async () => {
    const [first, second] = await api.fresh(2);
    expect((await api.ack(order('PO-DUP', [line(first)]))).status).toBe(200);
    const res = await api.ack(order('PO-DUP', [line(second)]));
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toMatch(/^Purchase order PO-DUP was already submitted\. Log entry: /);
    const [, logId] = LOG_LINK.exec(res.text) ?? [];
    expect((await request(t.http).get(`/logentry/detail/${logId}`)).status).toBe(200);
    expect(await api.orderCount(a.id, 'PO-DUP')).toBe(1);
    expect(await api.listing('Created')).toContain(second);
    const read = await api.getOrder('PO-DUP');
    expect(read.body.lineItems.map((l: { recipeSetId: string }) => l.recipeSetId)).toEqual([first]);
  });

  it('lets concurrent duplicates through exactly once', async () => {
    const [one, two] = await api.fresh(2);
    const results = await Promise.all([
      api.ack(order('PO-RACE', [line(one)])),
      api.ack(order('PO-RACE', [line(two)])),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    expect(conflict.text).toMatch(/^Purchase order PO-RACE was already submitted\. Log entry: /);
    expect(await api.orderCount(a.id, 'PO-RACE')).toBe(1);
  });

  it('accepts the same purchase order number from two different clients', async () => {
    const b = await createClient(t.app, { role: Role.User });
    const [mine] = await api.fresh();
    const [theirs] = (await createRecipeSets(t.app, b.id)).map((r) => r.readableId);
    expect((await api.ack(order('PO-SHARED', [line(mine)]))).text).toBe(
      processed('PO-SHARED', mine),
    );
    const res = await api.ack(order('PO-SHARED', [line(theirs)]), undefined, b);
    expect(res.status).toBe(200);
    expect(res.text).toBe(processed('PO-SHARED', theirs));
    expect([
      await api.orderCount(a.id, 'PO-SHARED'),
      await api.orderCount(b.id, 'PO-SHARED'),
    ]).toEqual([1, 1]);
  });

  it('accepts the legacy recipeSets array and sku/quantity directly on the line item', async () => {
    const [x, y] = await api.fresh(2);
    const legacy = await api.ack({
      purchaseOrderNumber: 'PO-LEGACY-1',
      orderDate: '2026-03-30',
      recipeSets: [{ recipeSetId: x, skuQuantities: [{ sku: 'TEE-RED-S', quantity: '3' }] }],
    });
    expect(legacy.text).toBe(processed('PO-LEGACY-1', x));
    const direct = await api.ack(
      order('PO-LEGACY-2', [{ recipeSetId: y, sku: 'TEE-RED-L', quantity: '4' }]),
    );
    expect(direct.text).toBe(processed('PO-LEGACY-2', y));
    const [l1] = (await api.getOrder('PO-LEGACY-1')).body.lineItems;
    expect(l1).toMatchObject({
      recipeSetId: x,
      skuQuantities: [{ sku: 'TEE-RED-S', quantity: 3 }],
      quantity: 3,
    });
    const [l2] = (await api.getOrder('PO-LEGACY-2')).body.lineItems;
    expect(l2).toMatchObject({
      recipeSetId: y,
      sku: 'TEE-RED-L',
      quantity: 4,
      skuQuantities: [{ sku: 'TEE-RED-L', quantity: 4 }],
    });
  });

  describe('POST /api/order (full order)', () => {
    it('answers 400 naming every missing address field and stores nothing', async () => {
      const [rs] = await api.fresh();
      const res = await api.ack(
        order('PO-FULL-400', [line(rs)], { customerAddress: { firstName: 'Jane', city: '  ' } }),
        '/api/order',
      );
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe(
        'Invalid request: POST /api/order requires customerAddress.lastName, customerAddress.address1, ' +
          'customerAddress.city, customerAddress.state, customerAddress.postalCode, customerAddress.country, shippingAddress.',
      );
      expect(await api.orderCount(a.id, 'PO-FULL-400')).toBe(0);
    });

    it('answers 200 when both addresses are complete and returns them on read', async () => {
      const [rs] = await api.fresh();
      const res = await api.ack(
        order('PO-FULL', [line(rs)], {
          customerAddress: address('C'),
          shippingAddress: address('S'),
        }),
        '/api/order/',
      );
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('PO-FULL', rs));
      const read = await api.getOrder('PO-FULL');
      expect(read.body.customerAddress).toEqual({ ...address('C'), province: null });
      expect(read.body.shippingAddress).toEqual({ ...address('S'), province: null });
      expect(await api.listing('Ordered')).toContain(rs);
    });

    it('does not require addresses on POST /api/order/acknowledgement', async () => {
      const [rs] = await api.fresh();
      expect((await api.ack(order('PO-NO-ADDR', [line(rs)]))).status).toBe(200);
      const read = await api.getOrder('PO-NO-ADDR');
      expect([read.body.customerAddress, read.body.shippingAddress]).toEqual([null, null]);
    });
  });
});
