import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { JSON_TYPE, OrdersApi, ordersApi, TEXT_TYPE, today, TWO_SIZES } from '../factories/orders';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('Orders: recipe-set listing by client, date and status (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let ops: TestClient;
  let api: OrdersApi;
  /** This suite's orders: dated 08:00, each line with TWO_SIZES. */
  const ack = (c: TestClient, po: string, n = 1, extra: Record<string, unknown> = {}) =>
    api.placeOrder(po, n, TWO_SIZES, { orderDate: '2026-03-30T08:00:00Z', ...extra }, c);
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
    ops = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  describe('GET /api/orders/client/{handle}/from-date/{date}/status/{status}', () => {
    const list = (handle: string, date: string, status: string, query = '', c: TestClient = a) =>
      request(t.http)
        .get(`/api/orders/client/${handle}/from-date/${date}/status/${status}${query}`)
        .set(api.auth(c));
    let l: TestClient;
    let ordered: { readableId: string; uuid: string }[];
    let created: { readableId: string; uuid: string }[];

    beforeAll(async () => {
      l = await createClient(t.app, { role: Role.User });
      created = await createRecipeSets(t.app, l.id, 2);
      ordered = await ack(l, 'L-1', 2);
    });

    it('lists UUIDs by default and readable ids on request, with the status in any case', async () => {
      const guid = await list(l.handle, today(), 'Ordered', '', l);
      expect(guid.status).toBe(200);
      expect(guid.headers['content-type']).toMatch(JSON_TYPE);
      expect([...guid.body].sort()).toEqual(ordered.map((r) => r.uuid).sort());
      expect(guid.headers['x-total-count']).toBe('2');
      const explicit = await list(l.handle, `${today()}T00:00:00Z`, 'ordered', '?idType=guid', l);
      expect([...explicit.body].sort()).toEqual(ordered.map((r) => r.uuid).sort());
      const readable = await list(
        l.handle.toUpperCase(),
        today(),
        'CREATED',
        '?idType=Readable',
        l,
      );
      expect([...readable.body].sort()).toEqual(created.map((r) => r.readableId).sort());
      const future = await list(l.handle, iso(Date.now() + DAY), 'Ordered', '/', l);
      expect([future.status, future.body, future.headers['x-total-count']]).toEqual([200, [], '0']);
    });

    it('answers 400 text for a bad date, an unknown status or a bad idType', async () => {
      const cases: [string, string, string, string][] = [
        [
          '2026-13-01',
          'Ordered',
          '',
          'Invalid request: fromDate 2026-13-01 is not an ISO 8601 date or date-time.',
        ],
        [
          today(),
          'Shipped',
          '',
          'Invalid request: status Shipped is not one of Created, Ordered, ',
        ],
        [
          today(),
          'Ordered',
          '?idType=Int',
          'Invalid request: idType Int must be Guid or Readable.',
        ],
      ];
      for (const [date, status, query, message] of cases) {
        const res = await list(l.handle, date, status, query, l);
        expect([res.status, res.headers['content-type']]).toEqual([
          400,
          expect.stringMatching(TEXT_TYPE),
        ]);
        expect(res.text).toContain(message);
      }
    });

    it("answers 403 for another client's handle; a ServiceAdmin may list any client's", async () => {
      const other = await list(l.handle, today(), 'Ordered', '', a);
      expect(other.status).toBe(403);
      expect(other.headers['content-type']).toMatch(TEXT_TYPE);
      expect(other.text).toBe(`The API token does not belong to client ${l.handle}.`);
      const admin = await list(l.handle, today(), 'Ordered', '?idType=Readable', ops);
      expect(admin.status).toBe(200);
      expect([...admin.body].sort()).toEqual(ordered.map((r) => r.readableId).sort());
      const unknown = await list('no-such-client', today(), 'Ordered', '', ops);
      expect([unknown.status, unknown.text]).toEqual([404, 'Client no-such-client was not found.']);
    });

    it('pages the listing with page/pageSize, total in X-Total-Count', async () => {
      const first = await list(l.handle, today(), 'Ordered', '?idType=Readable&pageSize=1', l);
      const second = await list(
        l.handle,
        today(),
        'Ordered',
        '?idType=Readable&pageSize=1&page=2',
        l,
      );
      expect([first.body.length, second.body.length, first.headers['x-total-count']]).toEqual([
        1,
        1,
        '2',
      ]);
      expect([...first.body, ...second.body].sort()).toEqual(
        ordered.map((r) => r.readableId).sort(),
      );
      const zero = await list(l.handle, today(), 'Ordered', '?pageSize=0', l);
      expect([zero.status, zero.text]).toEqual([
        400,
        'Invalid request: pageSize must not be less than 1.',
      ]);
    });

    // The route documents "Default and maximum 10000" (MAX_RECIPE_SET_PAGE_SIZE) and uses 10000 when
    // pageSize is absent, but an explicit pageSize above 500 is refused.
    it('accepts an explicit pageSize up to its documented maximum of 10000', async () => {
      const large = await list(l.handle, today(), 'Ordered', '?pageSize=1000', l);
      expect([large.status, large.headers['x-total-count']]).toEqual([200, '2']);
      expect([...large.body].sort()).toEqual(ordered.map((r) => r.uuid).sort());
      const max = await list(l.handle, today(), 'Ordered', '?pageSize=10000', l);
      expect(max.status).toBe(200);
      const over = await list(l.handle, today(), 'Ordered', '?pageSize=10001', l);
      expect(over.status).toBe(400);
    });
  });
});
