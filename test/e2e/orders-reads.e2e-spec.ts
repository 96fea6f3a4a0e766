import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { JSON_TYPE, OrdersApi, ordersApi, TEXT_TYPE, today, TWO_SIZES } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const SHIPPING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '12 Analytical Row',
  address2: 'Flat 3',
  city: 'London',
  state: 'LDN',
  province: null,
  postalCode: 'N1 9GU',
  country: 'GB',
};

describe('Orders: read by number and search (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;
  /** This suite's orders: dated 08:00, each line with TWO_SIZES. */
  const ack = (c: TestClient, po: string, n = 1, extra: Record<string, unknown> = {}) =>
    api.placeOrder(po, n, TWO_SIZES, { orderDate: '2026-03-30T08:00:00Z', ...extra }, c);
  const search = (body: unknown, c: TestClient = a, query = '') =>
    request(t.http)
      .post(`/api/orders/search/${query}`)
      .set(api.auth(c))
      .send(body as object);
  const numbers = (res: request.Response) =>
    (res.body as { purchaseOrderNumber: string }[]).map((o) => o.purchaseOrderNumber);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  describe('GET /api/order/order-number/{number}', () => {
    it('returns the order with the fields integrations read, quantities as JSON numbers', async () => {
      const [rs] = await ack(a, 'HA-EM-12345', 1, {
        emailAddress: 'ada@example.com',
        phoneNumber: '+44 20 7946 0000',
        shippingAddress: SHIPPING,
        priority: 'Highest',
      });
      const res = await request(t.http).get('/api/order/order-number/HA-EM-12345/').set(api.auth());
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(res.body).toEqual({
        emailAddress: 'ada@example.com',
        phoneNumber: '+44 20 7946 0000',
        clientHandle: a.handle,
        purchaseOrderNumber: 'HA-EM-12345',
        orderDateTime: '2026-03-30T08:00:00.000Z',
        productionStartDateTime: null,
        dateDeliveredToFactory: null,
        userId: expect.stringMatching(/\S/),
        accountNumber: null,
        organizationId: null,
        orderReference: null,
        customerServiceContact: null,
        serialNumber: null,
        proofStatus: null,
        priority: 4,
        fulfillmentType: null,
        customerAddress: null,
        shippingAddress: SHIPPING,
        lineItems: [
          expect.objectContaining({
            id: expect.any(Number),
            recipeSetId: rs.readableId,
            recipeSetUuid: rs.uuid,
            workflowStatus: 'not-started',
            sku: 'TEE-BLK-M',
            quantity: 3,
            skuQuantities: [
              { sku: 'TEE-BLK-M', quantity: 2 },
              { sku: 'TEE-BLK-L', quantity: 1 },
            ],
            lastModification: expect.stringMatching(/Z$/),
          }),
        ],
        lastModification: expect.stringMatching(/Z$/),
      });
      expect(Number.isInteger(res.body.lineItems[0].id)).toBe(true);
      expect(res.text).toContain('{"sku":"TEE-BLK-M","quantity":2}');
    });

    it('answers 404 text for an unknown number', async () => {
      const res = await request(t.http)
        .get('/api/order/order-number/NO-SUCH-ORDER/')
        .set(api.auth());
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe('Purchase order NO-SUCH-ORDER was not found.');
    });

    it('answers 404 for a number with a NUL character, 400 for a malformed percent-encoding', async () => {
      const nul = await request(t.http).get('/api/order/order-number/PO%00X').set(api.auth());
      expect(nul.status).toBe(404);
      expect(nul.headers['content-type']).toMatch(TEXT_TYPE);
      expect(nul.text).toBe(
        'Nothing is named by purchaseOrderNumber: it contains a NUL character or an unpaired surrogate.',
      );
      const malformed = await request(t.http).get('/api/order/order-number/PO%E0').set(api.auth());
      expect(malformed.status).toBe(400);
      expect(malformed.headers['content-type']).toMatch(TEXT_TYPE);
    });
  });

  describe('POST /api/orders/search', () => {
    it("answers the live integration's request with a top-level array of the orders it reads", async () => {
      const body = { lastModificationStartDate: today(), workflowStatuses: ['not-started'] };
      const res = await search(body);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.headers['x-total-count']).toBe(String(res.body.length));
      const found = (res.body as Record<string, unknown>[]).find(
        (o) => o.purchaseOrderNumber === 'HA-EM-12345',
      );
      expect(found).toMatchObject({
        purchaseOrderNumber: 'HA-EM-12345',
        userId: expect.stringMatching(/\S/),
        emailAddress: 'ada@example.com',
        phoneNumber: '+44 20 7946 0000',
        shippingAddress: SHIPPING,
        lineItems: [
          expect.objectContaining({
            recipeSetId: expect.stringMatching(/^[A-Z2-9]{8}$/),
            skuQuantities: [
              { sku: 'TEE-BLK-M', quantity: 2 },
              { sku: 'TEE-BLK-L', quantity: 1 },
            ],
          }),
        ],
      });
    });

    it('matches only orders with a line item in one of the statuses; none listed means all', async () => {
      const s = await createClient(t.app, { role: Role.User });
      await ack(s, 'S-WAITING');
      const [started] = await ack(s, 'S-STARTED', 2);
      await request(t.http)
        .put('/api/order/status')
        .set(api.auth(s))
        .send({
          purchaseOrderNumber: 'S-STARTED',
          lineItems: [{ recipeSetReadableId: started.readableId, workflowStatus: 'in-progress' }],
        })
        .expect(200);
      const from = today();
      const cases: [unknown, string[]][] = [
        [['not-started'], ['S-WAITING', 'S-STARTED']],
        [['IN-PROGRESS'], ['S-STARTED']],
        [['completed', 'cancelled'], []],
        [[], ['S-WAITING', 'S-STARTED']],
        [undefined, ['S-WAITING', 'S-STARTED']],
      ];
      for (const [workflowStatuses, expected] of cases) {
        const res = await search({ lastModificationStartDate: from, workflowStatuses }, s);
        expect([workflowStatuses, res.status, numbers(res)]).toEqual([
          workflowStatuses,
          200,
          expected,
        ]);
      }
    });

    it('enforces the 31-day range, start before end, and a start date unless ignoreDateRestriction', async () => {
      const end = Date.now();
      const ok = await search({
        lastModificationStartDate: iso(end - 31 * DAY),
        lastModificationEndDate: iso(end),
      });
      expect(ok.status).toBe(200);
      const over = await search({
        lastModificationStartDate: iso(end - 31 * DAY - 1000),
        lastModificationEndDate: iso(end),
      });
      expect(over.status).toBe(400);
      expect(over.headers['content-type']).toMatch(TEXT_TYPE);
      expect(over.text).toBe(
        'The date range may not exceed 31 days (it spans 32 days); narrow it or set ignoreDateRestriction.',
      );
      const defaultEnd = await search({ lastModificationStartDate: iso(end - 40 * DAY) });
      expect(defaultEnd.status).toBe(400);
      expect(defaultEnd.text).toMatch(/^The date range may not exceed 31 days/);
      const reversed = await search({
        lastModificationStartDate: '2026-03-10',
        lastModificationEndDate: '2026-03-01',
      });
      expect(reversed.status).toBe(400);
      expect(reversed.text).toBe(
        'Invalid request: lastModificationStartDate must not be after lastModificationEndDate.',
      );
      const missing = await search({ workflowStatuses: ['not-started'] });
      expect(missing.status).toBe(400);
      expect(missing.text).toBe(
        'Invalid request: lastModificationStartDate is required unless ignoreDateRestriction is true.',
      );
      const badDate = await search({ lastModificationStartDate: '30/03/2026' });
      expect(badDate.status).toBe(400);
      expect(badDate.text).toContain(
        'lastModificationStartDate must be an ISO 8601 date or date-time',
      );
      const badStatus = await search({
        lastModificationStartDate: today(),
        workflowStatuses: ['shipped'],
      });
      expect(badStatus.status).toBe(400);
      expect(badStatus.text).toContain('workflowStatuses must be one of: not-started');
    });

    it('lifts the limit with ignoreDateRestriction, while the range still filters', async () => {
      const end = Date.now();
      const wide = await search({
        lastModificationStartDate: iso(end - 90 * DAY),
        lastModificationEndDate: iso(end + 1000),
        ignoreDateRestriction: true,
      });
      expect(wide.status).toBe(200);
      expect(numbers(wide)).toContain('HA-EM-12345');
      const noStart = await search({
        ignoreDateRestriction: 'true',
        workflowStatuses: ['not-started'],
      });
      expect(noStart.status).toBe(200);
      expect(numbers(noStart)).toContain('HA-EM-12345');
      const past = await search({
        lastModificationStartDate: iso(end - 90 * DAY),
        lastModificationEndDate: iso(end - 40 * DAY),
        ignoreDateRestriction: true,
      });
      expect([past.status, past.body, past.headers['x-total-count']]).toEqual([200, [], '0']);
    });

    it('pages with page/pageSize, oldest change first, total in X-Total-Count', async () => {
      const p = await createClient(t.app, { role: Role.User });
      for (const po of ['P-1', 'P-2', 'P-3']) await ack(p, po);
      const body = { lastModificationStartDate: today() };
      const pages = [];
      for (const page of [1, 2, 3]) {
        const res = await search(body, p, `?page=${page}&pageSize=2`);
        expect([res.status, res.headers['x-total-count']]).toEqual([200, '3']);
        pages.push(numbers(res));
      }
      expect(pages).toEqual([['P-1', 'P-2'], ['P-3'], []]);
      for (const query of ['?pageSize=501', '?pageSize=0', '?page=0', '?pageSize=many']) {
        const res = await search(body, p, query);
        expect([query, res.status]).toEqual([query, 400]);
        expect(res.headers['content-type']).toMatch(TEXT_TYPE);
        expect(res.text).toMatch(/page(Size)? must/);
      }
      expect((await search(body, p, '?pageSize=500')).status).toBe(200);
    });
  });
});
