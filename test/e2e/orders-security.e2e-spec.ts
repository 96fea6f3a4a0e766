import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  JSON_TYPE,
  line,
  order,
  OrdersApi,
  ordersApi,
  TEXT_TYPE,
  today,
} from '../factories/orders';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

const PII = {
  emailAddress: 'zelda.quixote-7731@example.org',
  phoneNumber: '+1 555 867 5309',
  customerAddress: {
    firstName: 'Zelda',
    lastName: 'Quixotewski',
    address1: '77 Marzipan Boulevard',
    address2: 'Apt Xylophone',
    city: 'Quetzalburg',
    state: 'QZ',
    postalCode: '98765-4321',
    country: 'US',
  },
  shippingAddress: {
    firstName: 'Bartholomew',
    lastName: 'Vandersnoot',
    address1: '9 Gingerbread Lane',
    address2: 'Unit Kumquat',
    city: 'Pemberwick',
    state: 'PW',
    postalCode: '13579',
    country: 'CA',
  },
};
const PII_VALUES = [
  PII.emailAddress,
  PII.phoneNumber,
  ...Object.values(PII.customerAddress).filter((v) => v.length > 2),
  ...Object.values(PII.shippingAddress).filter((v) => v.length > 2),
];

describe('Orders: encryption at rest, tenancy and authentication (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let api: OrdersApi;
  /** This suite's orders: date only, each line one TEE. */
  const ack = (c: TestClient, po: string, ids: string[], extra: Record<string, unknown> = {}) => {
    const lineItems = ids.map((id) => line(id, 'TEE'));
    return api.ack(order(po, lineItems, { orderDate: '2026-03-30', ...extra }), undefined, c);
  };
  const rowsAsText = async (table: string): Promise<string[]> =>
    (await t.dataSource.query<{ row: string }[]>(`SELECT x::text AS row FROM ${table} x`)).map(
      (r) => r.row,
    );

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('stores e-mail, phone and addresses only encrypted, and returns them decrypted', async () => {
    const [rs] = await createRecipeSets(t.app, a.id);
    await ack(a, 'SEC-PII', [rs.readableId], PII).expect(200);
    await request(t.http)
      .post('/api/order')
      .set(api.auth(a))
      .send({
        purchaseOrderNumber: 'SEC-PII-2',
        orderDate: '2026-03-30',
        lineItems: [{ recipeSetId: 'XXXXXXXX' }],
        ...PII,
      })
      .expect(404);

    const raw = await rowsAsText('purchase_order');
    expect(raw).toHaveLength(1);
    for (const table of [
      'purchase_order',
      'order_line_item',
      'line_item_history',
      'log_entry',
      'idempotency_key',
    ]) {
      const text = (await rowsAsText(table)).join('\n');
      for (const value of PII_VALUES) expect([table, text.includes(value)]).toEqual([table, false]);
    }
    const [{ personal_data }] = await t.dataSource.query<{ personal_data: string }[]>(
      `SELECT personal_data FROM purchase_order WHERE purchase_order_number = 'SEC-PII'`,
    );
    expect(personal_data).toMatch(
      /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    );
    for (const value of PII_VALUES) expect(t.logs()).not.toContain(value);

    const read = await request(t.http).get('/api/order/order-number/SEC-PII').set(api.auth(a));
    expect(read.body).toMatchObject({
      emailAddress: PII.emailAddress,
      phoneNumber: PII.phoneNumber,
      customerAddress: { ...PII.customerAddress, province: null },
      shippingAddress: { ...PII.shippingAddress, province: null },
    });
  });

  it("never lets client B read or change client A's orders", async () => {
    const aSets = await createRecipeSets(t.app, a.id, 2);
    const [bSet] = await createRecipeSets(t.app, b.id);
    await ack(a, 'TEN-A', [aSets[0].readableId]).expect(200);
    await request(t.http)
      .post('/api/order/ship-notification')
      .set(api.auth(a))
      .send({
        purchaseOrderNumber: 'TEN-A',
        lineItems: [{ recipeSetReadableId: aSets[0].readableId, shipmentTracking: 'A-TRACK' }],
      })
      .expect(200);
    const readA = () => api.getOrder('TEN-A');
    const before = (await readA()).body;
    const historyCount = async () =>
      (
        await t.dataSource.query<
          {
            n: number;
          }[]
        >('SELECT count(*)::int AS n FROM line_item_history')
      )[0].n;
    const historyBefore = await historyCount();
    const notFoundUpdate = {
      purchaseOrderNumber: 'TEN-A',
      status: 'Error',
      details: 'Purchase order TEN-A was not found.',
    };
    const ackAs = (ref: string, po: string) =>
      order(po, [{ recipeSetId: ref }], { orderDate: '2026-03-30' });

    const attempts: [string, () => request.Test, number, unknown][] = [
      [
        'ack with A readable id',
        () => api.ack(ackAs(aSets[1].readableId, 'TEN-B-1'), undefined, b),
        404,
        `Recipe set ${aSets[1].readableId} was not found.`,
      ],
      [
        'ack with A uuid',
        () => api.ack(ackAs(aSets[1].uuid, 'TEN-B-2'), undefined, b),
        404,
        `Recipe set ${aSets[1].uuid} was not found.`,
      ],
      [
        'full order with A recipe set',
        () =>
          api.ack(
            {
              ...ackAs(aSets[1].readableId, 'TEN-B-3'),
              customerAddress: PII.customerAddress,
              shippingAddress: PII.shippingAddress,
            },
            '/api/order',
            b,
          ),
        404,
        `Recipe set ${aSets[1].readableId} was not found.`,
      ],
      [
        'batch mixing B and A recipe sets',
        () =>
          api.ack(
            [ackAs(bSet.readableId, 'TEN-B-4'), ackAs(aSets[1].readableId, 'TEN-B-5')],
            '/api/order/acknowledgements',
            b,
          ),
        404,
        `Purchase order TEN-B-5: Recipe set ${aSets[1].readableId} was not found.`,
      ],
      [
        'read A order',
        () => request(t.http).get('/api/order/order-number/TEN-A/').set(api.auth(b)),
        404,
        'Purchase order TEN-A was not found.',
      ],
      [
        'status on A order',
        () =>
          request(t.http)
            .put('/api/order/status')
            .set(api.auth(b))
            .send({
              purchaseOrderNumber: 'TEN-A',
              lineItems: [
                { recipeSetReadableId: aSets[0].readableId, workflowStatus: 'cancelled' },
              ],
            }),
        404,
        notFoundUpdate,
      ],
      [
        'POST status on A order',
        () =>
          request(t.http)
            .post('/api/order/status')
            .set(api.auth(b))
            .send({
              purchaseOrderNumber: 'TEN-A',
              lineItems: [{ recipeSetReadableId: aSets[0].uuid, workflowStatus: 'cancelled' }],
            }),
        404,
        notFoundUpdate,
      ],
      [
        'ship notification on A order',
        () =>
          request(t.http)
            .post('/api/order/ship-notification')
            .set(api.auth(b))
            .send({
              purchaseOrderNumber: 'TEN-A',
              lineItems: [
                { recipeSetReadableId: aSets[0].readableId, shipmentTracking: ['B-TRACK'] },
              ],
            }),
        404,
        notFoundUpdate,
      ],
      [
        'search',
        () =>
          request(t.http)
            .post('/api/orders/search')
            .set(api.auth(b))
            .send({ ignoreDateRestriction: true }),
        200,
        [],
      ],
      [
        'list A recipe sets',
        () =>
          request(t.http)
            .get(`/api/orders/client/${a.handle}/from-date/${today()}/status/Ordered`)
            .set(api.auth(b)),
        403,
        `The API token does not belong to client ${a.handle}.`,
      ],
    ];
    for (const [name, send, status, body] of attempts) {
      const res = await send();
      const got = typeof body === 'string' ? res.text.replace(/ Log entry: \S+$/, '') : res.body;
      expect([name, res.status, got]).toEqual([name, status, body]);
      expect(res.headers['content-type']).toMatch(typeof body === 'string' ? TEXT_TYPE : JSON_TYPE);
    }

    const after = (await readA()).body;
    expect(after).toEqual(before);
    expect(
      after.lineItems.map((l: { workflowStatus: string; shipmentTracking: string }) => [
        l.workflowStatus,
        l.shipmentTracking,
      ]),
    ).toEqual([['not-started', 'A-TRACK']]);
    expect(await historyCount()).toBe(historyBefore);
    const bRows = await t.dataSource.query<{ orders: number; prints: number }[]>(
      `SELECT (SELECT count(*)::int FROM purchase_order WHERE client_id = $1) AS orders,
              (SELECT count(*)::int FROM print_file_request WHERE client_id = $1) AS prints`,
      [b.id],
    );
    expect(bRows).toEqual([{ orders: 0, prints: 0 }]);
    const statuses = await t.dataSource.query<{ status: string }[]>(
      'SELECT readable_id, status FROM recipe_set WHERE id = ANY($1) ORDER BY readable_id',
      [[aSets[1].uuid, bSet.uuid]],
    );
    expect(statuses.map((s) => s.status)).toEqual(['Created', 'Created']);
  });

  it('answers 401 text on all 9 order endpoints without a valid token', async () => {
    const body = {
      purchaseOrderNumber: 'X',
      orderDate: '2026-03-30',
      lineItems: [{ recipeSetId: 'ABCDEFGH' }],
    };
    const endpoints: [string, string, unknown][] = [
      ['post', '/api/order/acknowledgement', body],
      ['post', '/api/order/acknowledgements', [body]],
      ['post', '/api/order', body],
      ['post', '/api/order/ship-notification/', { purchaseOrderNumber: 'X', lineItems: [] }],
      ['post', '/api/order/status', { purchaseOrderNumber: 'X', lineItems: [] }],
      ['put', '/api/order/status/', { purchaseOrderNumber: 'X', lineItems: [] }],
      ['get', `/api/orders/client/${a.handle}/from-date/${today()}/status/Ordered`, undefined],
      ['get', '/api/order/order-number/HA-EM-12345/', undefined],
      ['post', '/api/orders/search/', { lastModificationStartDate: today() }],
    ];
    for (const [method, path, payload] of endpoints) {
      const call = (headers: Record<string, string>) => {
        const req = (request(t.http) as unknown as Record<string, (p: string) => request.Test>)
          [method](path)
          .set(headers);
        return payload === undefined ? req : req.send(payload as object);
      };
      const none = await call({});
      expect([method, path, none.status, none.text]).toEqual([
        method,
        path,
        401,
        'Missing API token: send it in the SERVICE_API_TOKEN header.',
      ]);
      expect(none.headers['content-type']).toMatch(TEXT_TYPE);
      const bad = await call({
        SERVICE_API_TOKEN: 'pci_not-a-real-token',
        SPECTRUM_API_TOKEN: a.token,
      });
      expect([method, path, bad.status, bad.text]).toEqual([
        method,
        path,
        401,
        'The API token is invalid or has been revoked.',
      ]);
      const other = await call({ Authorization: `Bearer ${a.token}` });
      expect([method, path, other.status]).toEqual([method, path, 401]);
    }
    const count = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM purchase_order WHERE purchase_order_number = 'X'`,
    );
    expect(count[0].n).toBe(0);
  });
});
