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
      ['blank number', order('   ', [line(rs)]), 'purchaseOrderNumber must not be empty'],
      ['empty number', order('', [line(rs)]), 'purchaseOrderNumber must not be empty'],
      [
        'number with a line break',
        order('PO-1\r\nX-Injected: 1', [line(rs)]),
        'purchaseOrderNumber must be one line without control or bidirectional formatting characters (U+000D at 5)',
      ],
      [
        'number with an escape',
        order('PO-\u001b[31m', [line(rs)]),
        'purchaseOrderNumber must be one line without control or bidirectional formatting characters (U+001B at 4)',
      ],
      [
        'number with a bidi override',
        order('PO-\u202e1234', [line(rs)]),
        'purchaseOrderNumber must be one line without control or bidirectional formatting characters (U+202E at 4)',
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

  it('keeps years before 100 as sent, and refuses instants outside the years 0001–9999', async () => {
    const [x, y] = await api.fresh(2);
    const early = order('PO-YEAR-50', [{ ...line(x), estimatedDeliveryDate: '0099-12-31' }], {
      orderDate: '0050-06-01T12:00:00+02:00',
    });
    await api.ack(early).expect(200);
    const read = await api.getOrder('PO-YEAR-50');
    expect(read.body.orderDateTime).toBe('0050-06-01T10:00:00.000Z');
    expect(read.body.lineItems[0].estimatedDeliveryDate).toBe('0099-12-31T00:00:00.000Z');
    // Their UTC instant would need a five-digit year, or year 0, to be written back.
    for (const orderDate of ['9999-12-31T23:00:00-05:00', '0001-01-01T00:30:00+01:00']) {
      const res = await api.ack(order('PO-YEAR-OUT', [line(y)], { orderDate }));
      expect([orderDate, res.status]).toEqual([orderDate, 400]);
      expect(res.text).toContain('orderDate must be an ISO 8601 date or date-time');
    }
    expect(await api.orderCount(a.id, 'PO-YEAR-OUT')).toBe(0);
  });

  it('refuses text the database cannot store (NUL, unpaired surrogates), naming the field', async () => {
    const [rs] = await api.fresh();
    const cases: [Record<string, unknown>, string][] = [
      // (A NUL in the purchase-order number is a control character: refused as one, above.)
      [order('PO-\ud800', [line(rs)]), 'purchaseOrderNumber'],
      [order('PO-TEXT', [{ ...line(rs), giftMessage: 'a\u0000b' }]), 'lineItems[0].giftMessage'],
      [
        order('PO-TEXT', [{ ...line(rs), serialNumbers: ['S1', '\ud800'] }]),
        'lineItems[0].serialNumbers[1]',
      ],
      [order('PO-TEXT', [line(rs, '\udc00x')]), 'lineItems[0].skuQuantities[0].sku'],
      [
        order('PO-TEXT', [line(rs)], { shippingAddress: { city: 'x\u0000' } }),
        'shippingAddress.city',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await api.ack(body);
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.text).toBe(
        `Invalid request: ${field} must not contain NUL characters or unpaired surrogates.`,
      );
    }
    // Only fields the API keeps are checked: an unknown one is dropped as always.
    await api.ack(order('PO-TEXT', [line(rs)], { erpNote: 'a\u0000b' })).expect(200);
    expect(await api.orderCount(a.id, 'PO-TEXT')).toBe(1);
    // The same in a batch, whose items are validated one by one.
    await api
      .ack([order('PO-TEXT-B', [line(rs)], { erpNote: 'a\u0000b' })], '/api/order/acknowledgements')
      .expect(200);
    const inBatch = await api.ack(
      [order('PO-TEXT-C', [{ ...line(rs), giftMessage: 'a\u0000b' }])],
      '/api/order/acknowledgements',
    );
    expect(inBatch.status).toBe(400);
    expect(inBatch.text).toContain('order [0]: lineItems[0].giftMessage must not contain NUL');
    expect(await api.orderCount(a.id, 'PO-TEXT-C')).toBe(0);
  });

  it('refuses an array where an object is expected', async () => {
    const [rs] = await api.fresh();
    const cases: [Record<string, unknown>, string][] = [
      [order('PO-ARRAY', [line(rs)], { customerAddress: [] }), 'customerAddress must be an object'],
      [
        order('PO-ARRAY', [{ ...line(rs), components: [[{ quantity: 1 }]] }]),
        'each value in lineItems[0].components must be an object',
      ],
      [order('PO-ARRAY', [[line(rs)]]), 'each value in lineItems must be an object'],
    ];
    for (const [body, message] of cases) {
      const res = await api.ack(body);
      expect([message, res.status]).toEqual([message, 400]);
      expect(res.text).toContain(message);
    }
    expect(await api.orderCount(a.id, 'PO-ARRAY')).toBe(0);
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
