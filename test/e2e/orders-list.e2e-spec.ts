import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  LIST_NUMBERS as NUMBERS,
  ListRow,
  orderedBy,
  seedOrderList,
} from '../factories/order-list';
import { JSON_TYPE, OrdersApi, ordersApi, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { acceptInvitation, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const SORTS = ['-orderDate', 'orderDate', '-lastModified', 'lastModified'] as const;
const NUMBER_SORTS = ['purchaseOrderNumber', '-purchaseOrderNumber'] as const;

interface Page {
  data: { purchaseOrderNumber: string; recipeSetIds: string[] }[];
  nextCursor: string | null;
}

/**
 * GET /api/orders and GET /api/orders/status-counts through HTTP: the console's keyset-paged list
 * of the caller's orders, its filters, sorts, cursor, 400s, tenancy and the counts per status,
 * over the orders of seedOrderList (A's 24, B's 3).
 */
describe('Orders: the console list and its status counts (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let api: OrdersApi;
  let rows: ListRow[];
  let sets: string[][];
  let bSets: string[];
  let acknowledgedAt: string;

  const get = (path: string, query: string, c: TestClient = a) =>
    request(t.http)
      .get(`${path}${query ? `?${query}` : ''}`)
      .set(api.auth(c));
  const list = (query = '', c: TestClient = a) => get('/api/orders', query, c);
  const counts = (query = '', c: TestClient = a) => get('/api/orders/status-counts', query, c);
  const numbers = (res: request.Response) =>
    (res.body as Page).data.map((o) => o.purchaseOrderNumber);
  const expected = (sort: string, keep?: (r: ListRow) => boolean) => orderedBy(rows, sort, keep);
  /** Every page of `query` (`limit` a page), checked: 200, full pages but the last. */
  async function pages(query: string, limit = 5, c: TestClient = a): Promise<string[][]> {
    const out: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, c);
      expect([query, res.status]).toEqual([query, 200]);
      const page = res.body as Page;
      out.push(numbers(res));
      if (page.nextCursor) expect(page.data).toHaveLength(limit);
      cursor = page.nextCursor;
    } while (cursor && out.length < 30);
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
    ({ sets, bSets, acknowledgedAt, rows } = await seedOrderList(t, a, b));
  });
  afterAll(() => t.close());

  it('lists the orders newest first by default, as summaries, the last page without a cursor', async () => {
    const res = await list();
    expect([res.status, res.headers['content-type']]).toEqual([
      200,
      expect.stringMatching(JSON_TYPE),
    ]);
    expect(numbers(res)).toEqual(expected('-orderDate'));
    expect(res.body.nextCursor).toBeNull();
    const summary = (po: string) =>
      (res.body as Page).data.find((o) => o.purchaseOrderNumber === po);
    expect(summary('PO-1008')).toEqual({
      purchaseOrderNumber: 'PO-1008',
      orderDateTime: '2026-03-03T10:00:00.000Z',
      lastModification: expect.stringMatching(/Z$/),
      workflowStatuses: ['not-started', 'on-hold'],
      lineItemCount: 2,
      totalQuantity: 6,
      shipped: true,
      recipeSetIds: sets[8],
    });
    expect(summary('PO-1001')).toMatchObject({
      workflowStatuses: ['in-progress'],
      lineItemCount: 1,
      totalQuantity: 3,
      shipped: false,
    });
    // A parameter given empty is as if absent.
    const blank = await list('status=&recipeSet=&cursor=&purchaseOrderNumber=&sort=&limit=');
    expect([blank.status, numbers(blank)]).toEqual([200, expected('-orderDate')]);
  });

  it('pages through every sort with the cursor: no order skipped or repeated, ties included', async () => {
    for (const sort of [...SORTS, ...NUMBER_SORTS]) {
      const got = await pages(`sort=${sort}`);
      expect([sort, got.flat()]).toEqual([sort, expected(sort)]);
      expect(got.map((p) => p.length)).toEqual([5, 5, 5, 5, 4]);
    }
    // Every order but the six updated was acknowledged at the same instant: one long tie.
    expect(rows.filter((r) => r.lastModified === rows[0].lastModified).length).toBeGreaterThan(5);
    expect((await pages('sort=-orderDate&status=not-started', 1)).flat()).toEqual(
      expected('-orderDate', (r) => !['PO-1001', 'PO-1002', 'PO-1005'].includes(r.po)),
    );
  });

  it('filters by status, dates, number prefix, recipe set and shipment, and together', async () => {
    const only = (...pos: string[]) => expected('-orderDate', (r) => pos.includes(r.po));
    const updated = ['PO-1001', 'PO-1002', 'PO-1003', 'PO-1005', 'PO-1008', 'X-1020'];
    const cases: [string, string[]][] = [
      ['status=in-progress', only('PO-1001', 'PO-1002')],
      ['status=in-progress,COMPLETED', only('PO-1001', 'PO-1002', 'PO-1005')],
      ['status=on-hold&status=completed', only('PO-1005', 'PO-1008')],
      ['status=delivered', []],
      [
        'orderedFrom=2026-03-02T10:00:00Z&orderedTo=2026-03-03T10:00:00%2B00:00',
        only(...NUMBERS.slice(3, 9)),
      ],
      ['orderedFrom=2026-03-08', only(...NUMBERS.slice(21))],
      ['orderedTo=2026-03-01T10:00:00Z', only(...NUMBERS.slice(0, 3))],
      [`modifiedTo=${acknowledgedAt}`, expected('-orderDate', (r) => !updated.includes(r.po))],
      [`modifiedFrom=${new Date(Date.parse(acknowledgedAt) + 1).toISOString()}`, only(...updated)],
      ['purchaseOrderNumber=PO-100', only(...NUMBERS.slice(0, 10))],
      ['purchaseOrderNumber=PO-', only(...NUMBERS.slice(0, 16))],
      ['purchaseOrderNumber=po-', only(...NUMBERS.slice(16, 20))],
      ['purchaseOrderNumber=PO-1000', only('PO-1000')],
      ['purchaseOrderNumber=Z', []],
      [`recipeSet=${sets[4][1].toLowerCase()}`, only('PO-1004')],
      [`recipeSet=${bSets[0]}`, []],
      ['recipeSet=ZZZZ2222', []],
      ['shipped=true', only('PO-1003', 'PO-1008')],
      ['shipped=FALSE', expected('-orderDate', (r) => !['PO-1003', 'PO-1008'].includes(r.po))],
      ['shipped=true&status=on-hold', only('PO-1008')],
      [
        `status=not-started&shipped=false&purchaseOrderNumber=PO-&orderedFrom=2026-03-02&recipeSet=${sets[6][0]}`,
        only('PO-1006'),
      ],
    ];
    for (const [query, want] of cases) {
      const res = await list(query);
      expect([query, res.status, numbers(res)]).toEqual([query, 200, want]);
    }
  });

  it('refuses a cursor with other filters or another sort: 400 "cursor does not match…"', async () => {
    const first = await list('status=not-started&limit=2');
    const cursor = (first.body as Page).nextCursor!;
    expect((await list(`status=not-started&limit=2&cursor=${cursor}`)).status).toBe(200);
    // The same filters spelled otherwise, and another limit, are the same list.
    expect((await list(`status=NOT-STARTED,not-started&limit=7&cursor=${cursor}`)).status).toBe(
      200,
    );
    for (const query of [
      'status=completed',
      '',
      'status=not-started&shipped=true',
      'status=not-started&sort=orderDate',
    ]) {
      const res = await list(`${query}&cursor=${cursor}`);
      expect([query, res.status, res.headers['content-type']]).toEqual([
        query,
        400,
        expect.stringMatching(TEXT_TYPE),
      ]);
      expect(res.text).toMatch(/^Invalid request: cursor does not match this request: /);
    }
    const sorted = await list(`status=not-started&sort=orderDate&cursor=${cursor}`);
    expect(sorted.text).toContain('it continues the list sorted by -orderDate, not by orderDate');
  });

  it('answers 400 naming the parameter and its value', async () => {
    const long = 'P'.repeat(101);
    const cases: [string, string][] = [
      [
        'status=shipped',
        'Invalid request: status "shipped" is not a workflow status: one of not-started, ',
      ],
      [
        'orderedFrom=30/03/2026',
        'Invalid request: orderedFrom "30/03/2026" is not an ISO 8601 date or date-time.',
      ],
      [
        'modifiedTo=2026-02-30',
        'Invalid request: modifiedTo "2026-02-30" is not an ISO 8601 date or date-time.',
      ],
      [
        'orderedFrom=2026-04-01&orderedTo=2026-03-01',
        'Invalid request: orderedFrom 2026-04-01T00:00:00.000Z is after orderedTo 2026-03-01T00:00:00.000Z.',
      ],
      [
        'modifiedFrom=2026-03-02&modifiedTo=2026-03-01T23:59:59Z',
        'Invalid request: modifiedFrom 2026-03-02T00:00:00.000Z is after modifiedTo 2026-03-01T23:59:59.000Z.',
      ],
      ['limit=0', 'Invalid request: limit 0 must be an integer from 1 to 100.'],
      ['limit=101', 'Invalid request: limit 101 is over 100, the most orders a page holds.'],
      ['limit=ten', 'Invalid request: limit "ten" must be an integer from 1 to 100.'],
      [
        'cursor=bm90LWEtY3Vyc29y',
        'Invalid request: cursor "bm90LWEtY3Vyc29y" is not a cursor of this list; pass the nextCursor',
      ],
      ['cursor=a%2Bb', 'Invalid request: cursor "a+b" is not a cursor of this list.'],
      ['sort=date', 'Invalid request: sort "date" is not a sort: one of -orderDate, orderDate, '],
      ['shipped=maybe', 'Invalid request: shipped "maybe" must be true or false.'],
      [
        'recipeSet=ABC',
        'Invalid request: recipeSet "ABC" is not a recipe set readable id (8 letters and digits).',
      ],
      [
        `purchaseOrderNumber=${long}`,
        `Invalid request: purchaseOrderNumber "${long.slice(0, 59)}…`,
      ],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect([query, res.status, res.headers['content-type']]).toEqual([
        query,
        400,
        expect.stringMatching(TEXT_TYPE),
      ]);
      expect([query, res.text.slice(0, message.length)]).toEqual([query, message]);
    }
    expect((await list('limit=100')).status).toBe(200);
    expect((await list('limit=1')).body.data).toHaveLength(1);
  });

  it('answers 401 without a token, on both routes', async () => {
    for (const path of ['/api/orders', '/api/orders/status-counts']) {
      const res = await request(t.http).get(path);
      expect([path, res.status, res.headers['content-type']]).toEqual([
        path,
        401,
        expect.stringMatching(TEXT_TYPE),
      ]);
    }
  });

  it("lists only the caller's orders: another client's never appear, in the list or the counts", async () => {
    const mine = (await pages('sort=purchaseOrderNumber', 100)).flat();
    expect(mine).toEqual(expected('purchaseOrderNumber'));
    const theirs = await list('', b);
    expect(numbers(theirs).sort()).toEqual(['PO-1000', 'PO-B1', 'PO-B2']);
    expect((theirs.body as Page).data.flatMap((o) => o.recipeSetIds).sort()).toEqual(
      [...bSets].sort(),
    );
    const all = (await list('limit=100')).body as Page;
    expect(all.data.flatMap((o) => o.recipeSetIds).filter((id) => bSets.includes(id))).toEqual([]);
    expect((await counts('', b)).body).toMatchObject({ total: 3, counts: { 'not-started': 3 } });
    expect(numbers(await list('shipped=true', b))).toEqual(['PO-B1']);
    // A cursor of A's list read by B still reads only B's orders.
    const cursor = ((await list('limit=1')).body as Page).nextCursor!;
    const crossed = await list(`limit=1&cursor=${cursor}`, b);
    expect(numbers(crossed).every((po) => ['PO-1000', 'PO-B1', 'PO-B2'].includes(po))).toBe(true);
  });

  it('counts the orders per workflow status, an order under each of its statuses, total once', async () => {
    const res = await counts();
    expect([res.status, res.headers['content-type']]).toEqual([
      200,
      expect.stringMatching(JSON_TYPE),
    ]);
    expect(res.body).toEqual({
      counts: {
        'not-started': 21,
        'user-proof-requested': 0,
        'in-progress': 2,
        'in-progress-step-1': 0,
        completed: 1,
        revision: 0,
        'on-hold': 1,
        approved: 0,
        released: 0,
        delivered: 0,
        cancelled: 1,
      },
      total: 24,
    });
    const shipped = await counts(
      'shipped=true&orderedFrom=2026-03-01&purchaseOrderNumber=PO-&status=delivered',
    );
    expect(shipped.body).toMatchObject({
      counts: { 'not-started': 2, 'on-hold': 1, 'in-progress': 0 },
      total: 2,
    });
    const none = await counts('purchaseOrderNumber=nothing');
    expect(none.body.total).toBe(0);
    expect(Object.values(none.body.counts as Record<string, number>).every((n) => n === 0)).toBe(
      true,
    );
    const bad = await counts('orderedFrom=2026-04-01&orderedTo=2026-03-01');
    expect([bad.status, bad.text]).toEqual([
      400,
      'Invalid request: orderedFrom 2026-04-01T00:00:00.000Z is after orderedTo 2026-03-01T00:00:00.000Z.',
    ]);
    expect((await counts('shipped=1')).status).toBe(400);
  });

  it("serves the console: a user's session lists the user's client's orders", async () => {
    const { link } = await invite(t, a.token, { email: 'orders@example.com', role: 'User' });
    await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    const signedIn = await request(t.http)
      .post('/api/session')
      .send({ email: 'orders@example.com', password: PASSWORD });
    expect(signedIn.status).toBe(201);
    const cookie = (signedIn.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const res = await request(t.http).get('/api/orders?limit=3').set('Cookie', cookie);
    expect([res.status, numbers(res)]).toEqual([200, expected('-orderDate').slice(0, 3)]);
  });
});
