import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  JSON_TYPE,
  line,
  order,
  OrdersApi,
  ordersApi,
  processed,
  TEXT_TYPE,
  today,
} from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Orders: acknowledgement input and partner compatibility (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('takes quantities as strings, priority and proofStatus in every documented spelling', async () => {
    const cases: [unknown, number, unknown, number][] = [
      ['normal', 2, 'Requested', 1],
      ['Higher', 3, 'fulfilled', 2],
      [1, 1, 1, 1],
      ['1', 1, 2, 2],
    ];
    for (const [i, [priority, p, proofStatus, ps]] of cases.entries()) {
      const [rs] = await api.fresh();
      const po = `PO-LENIENT-${i}`;
      const res = await api.ack(order(po, [line(rs, 'TEE', '2')], { priority, proofStatus }));
      expect(res.status).toBe(200);
      const read = await api.getOrder(po);
      expect(read.body).toMatchObject({ priority: p, proofStatus: ps });
      expect(read.body.lineItems[0].skuQuantities).toEqual([{ sku: 'TEE', quantity: 2 }]);
      expect(read.text).toContain('"skuQuantities":[{"sku":"TEE","quantity":2}]');
    }
  });

  it('takes a numeric purchase order number and string enums of line items in any case', async () => {
    const [rs] = await api.fresh();
    const res = await api.ack({
      purchaseOrderNumber: 42015953,
      orderDate: '2026-03-30',
      lineItems: [{ ...line(rs), proofStatus: 'fulfilled', workflowStatus: 'ON-HOLD' }],
    });
    expect(res.text).toBe(processed('42015953', rs));
    const read = await api.getOrder('42015953');
    expect(read.body.purchaseOrderNumber).toBe('42015953');
    expect(read.body.lineItems[0]).toMatchObject({
      proofStatus: 'Fulfilled',
      workflowStatus: 'on-hold',
    });
  });

  it('parses 7 fractional digits with an offset, date-only dates, and ignores unknown fields', async () => {
    const [x, y] = await api.fresh(2);
    const withOffset = await api.ack({
      ...order('PO-DATE-1', [{ ...line(x), colour: 'red', futureField: { a: 1 } }]),
      orderDate: '2022-01-31T13:15:05.2151663-05:00',
      someNewErpField: 'ignored',
    });
    expect(withOffset.status).toBe(200);
    const read = await api.getOrder('PO-DATE-1');
    expect(read.body.orderDateTime).toBe('2022-01-31T18:15:05.215Z');
    expect(read.text).not.toMatch(/someNewErpField|futureField|colour/);
    await api.ack({ ...order('PO-DATE-2', [line(y)]), orderDate: '2026-03-30' }).expect(200);
    expect((await api.getOrder('PO-DATE-2')).body.orderDateTime).toBe('2026-03-30T00:00:00.000Z');
  });

  it('answers 400 text naming the field for invalid input, and stores nothing', async () => {
    const [rs] = await api.fresh();
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'missing number',
        { orderDate: '2026-03-30', lineItems: [line(rs)] },
        'purchaseOrderNumber must be a string',
      ],
      [
        'bad date',
        order('PO-400', [line(rs)], { orderDate: '31/01/2022' }),
        'orderDate must be an ISO 8601 date or date-time',
      ],
      [
        'impossible date',
        order('PO-400', [line(rs)], { orderDate: '2026-02-30' }),
        'orderDate must be an ISO 8601 date or date-time',
      ],
      [
        'quantity',
        order('PO-400', [line(rs, 'TEE', 'two')]),
        'lineItems[0].skuQuantities[0].quantity must be an integer',
      ],
      [
        'priority',
        order('PO-400', [line(rs)], { priority: 'urgent' }),
        'priority must be one of 0 (Lowest), 1 (Lower), 2 (Normal), 3 (Higher), 4 (Highest)',
      ],
      [
        'no recipe set',
        order('PO-400', [line(rs), { skuQuantities: [{ sku: 'S', quantity: 1 }] }]),
        'Invalid request: lineItems[1] must name a recipe set (recipeSetId or recipeSetUuid).',
      ],
      [
        'no line items',
        order('PO-400', []),
        'Invalid request: lineItems must list at least one line item (or use recipeSets).',
      ],
      [
        'neither list',
        { purchaseOrderNumber: 'PO-400', orderDate: '2026-03-30' },
        'lineItems must list at least one line item',
      ],
    ];
    for (const [name, body, message] of cases) {
      const res = await api.ack(body);
      expect([name, res.status, res.headers['content-type']]).toEqual([
        name,
        400,
        expect.stringMatching(TEXT_TYPE),
      ]);
      expect(res.text).toContain(message);
    }
    const malformed = await request(t.http)
      .post('/api/order/acknowledgement')
      .set(api.auth())
      .set('Content-Type', 'application/json')
      .send('{"purchaseOrderNumber": "PO-400",');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['content-type']).toMatch(TEXT_TYPE);
    expect(malformed.text).toMatch(/^The request body is not valid JSON/);
    expect(await api.orderCount(a.id, 'PO-400')).toBe(0);
    expect(await api.listing('Created')).toContain(rs);
  });

  it('answers the trailing-slash and mixed-case paths partners call, without redirects', async () => {
    const [rs] = await api.fresh();
    const created = await api.ack(order('HA-EM-12345', [line(rs)]), '/API/Order/Acknowledgement/');
    expect(created.status).toBe(200);
    expect(created.headers['content-type']).toMatch(JSON_TYPE);
    expect(created.text).toBe(processed('HA-EM-12345', rs));
    const read = await request(t.http).get('/api/order/order-number/HA-EM-12345/').set(api.auth());
    expect(read.status).toBe(200);
    expect(read.body.purchaseOrderNumber).toBe('HA-EM-12345');
    const status = await request(t.http)
      .put('/api/order/status/')
      .set(api.auth())
      .send({
        purchaseOrderNumber: 'HA-EM-12345',
        lineItems: [{ recipeSetReadableId: rs, workflowStatus: 'in-progress' }],
      });
    expect([status.status, status.body.status]).toEqual([200, 'OK']);
    const ship = await request(t.http)
      .post('/api/order/ship-notification/')
      .set(api.auth())
      .send({
        purchaseOrderNumber: 'HA-EM-12345',
        lineItems: [{ recipeSetReadableId: rs, shipmentTracking: 'T9' }],
      });
    expect([ship.status, ship.body.status]).toEqual([200, 'OK']);
    const search = await request(t.http)
      .post('/api/orders/search/')
      .set(api.auth())
      .send({ lastModificationStartDate: today(), workflowStatuses: ['in-progress'] });
    expect(search.status).toBe(200);
    expect(search.body.map((o: { purchaseOrderNumber: string }) => o.purchaseOrderNumber)).toEqual([
      'HA-EM-12345',
    ]);
  });

  it('accepts the token in the SPECTRUM_API_TOKEN header that existing clients send', async () => {
    const [x, y] = await api.fresh(2);
    const upper = await request(t.http)
      .post('/api/order/acknowledgement')
      .set('SPECTRUM_API_TOKEN', a.token)
      .send(order('PO-SPECTRUM-1', [line(x)]));
    expect(upper.text).toBe(processed('PO-SPECTRUM-1', x));
    const lower = await request(t.http)
      .post('/api/order/acknowledgement')
      .set('spectrum_api_token', a.token)
      .send(order('PO-SPECTRUM-2', [line(y)]));
    expect(lower.status).toBe(200);
  });
});
