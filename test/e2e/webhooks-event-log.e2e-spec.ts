import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { OrdersApi, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { DeliveredEvent } from '../support/webhook-receiver';
import { orderUpdates, WebhooksApi, webhooksApi } from '../support/webhooks';

/** Public (TEST-NET-3): accepted; nothing is delivered (no workers run here). */
const URL = 'https://203.0.113.10/hooks';

interface Page {
  data: DeliveredEvent[];
  next: string;
}

/** The form of a cursor: sealed, one length, nothing of the log's global counters readable. */
const CURSOR = /^ec_[A-Za-z0-9_-]{43}$/;

/**
 * GET /api/events: a client's events oldest first, paged by the `next` cursor (opaque, of the
 * client's log only), filtered by type and purchase order.
 */
describe('Webhooks: the event log, GET /api/events (HTTP)', () => {
  let t: TestApp;
  let c: TestClient;
  let api: WebhooksApi;
  let orders: OrdersApi;
  let endpoint: string;

  const page = async (query: Record<string, string | number>): Promise<Page> => {
    const res = await api.events(query);
    expect(res.status).toBe(200);
    return res.body as Page;
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await createClient(t.app, { role: Role.Admin });
    api = webhooksApi(t, c.token);
    orders = ordersApi(t, c);
    endpoint = (await api.add(URL)).id;
    // 8 events: 2 pings; LOG-1 acknowledged (its recipe set ordered first); its line item in
    // progress (its recipe set first); LOG-2 acknowledged.
    await api.ping(endpoint);
    await api.ping(endpoint);
    const [x] = await orders.placeOrder('LOG-1', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    await orderUpdates(t, c.token).status('LOG-1', [[x.readableId, 'in-progress']]);
    await orders.placeOrder('LOG-2', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    // Another client's events, which C never sees.
    const d = await createClient(t.app, { role: Role.Admin });
    await ordersApi(t, d).placeOrder('LOG-1', 1, [{ sku: 'TEE-M', quantity: 1 }]);
  });
  afterAll(() => t.close());

  /** The cursor of each event, in order: the `next` of a page of one event after another. */
  async function cursors(query: Record<string, string> = {}): Promise<string[]> {
    const out: string[] = [];
    let after: string | undefined;
    for (;;) {
      const p = await page({ ...query, limit: 1, ...(after ? { after } : {}) });
      if (p.data.length === 0) return out;
      out.push(p.next);
      after = p.next;
    }
  }

  it("answers the client's events oldest first; `next` is the last one's cursor", async () => {
    const all = await page({});
    expect(all.data.map((e) => [e.type, e.data.purchaseOrderNumber, e.data.sequence])).toEqual([
      ['webhook.ping', undefined, undefined],
      ['webhook.ping', undefined, undefined],
      ['recipe_set.status_changed', undefined, undefined],
      ['order.acknowledged', 'LOG-1', 1],
      ['recipe_set.status_changed', undefined, undefined],
      ['order.line_item.status_changed', 'LOG-1', 2],
      ['recipe_set.status_changed', undefined, undefined],
      ['order.acknowledged', 'LOG-2', 1],
    ]);
    const each = await cursors();
    expect(each).toHaveLength(8);
    expect(each.every((c) => CURSOR.test(c))).toBe(true);
    expect(all.next).toBe(each[7]);
    expect(all.data.every((e) => e.data.clientHandle === c.handle)).toBe(true);
    expect(new Set(all.data.map((e) => e.id)).size).toBe(8);
    const times = all.data.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('pages with `limit` and `after`: the pages joined are the whole log; an empty page keeps the cursor', async () => {
    const all = (await page({})).data;
    const pages: Page[] = [];
    const each = await cursors();
    let after: string | undefined;
    for (;;) {
      const p = await page({ limit: 3, ...(after ? { after } : {}) });
      pages.push(p);
      if (p.data.length === 0) break;
      after = p.next;
    }
    expect(pages.map((p) => [p.data.length, p.next])).toEqual([
      [3, each[2]],
      [3, each[5]],
      [2, each[7]],
      [0, each[7]],
    ]);
    expect(pages.flatMap((p) => p.data)).toEqual(all);
    expect(await page({ after: each[4], limit: 2 })).toEqual({
      data: all.slice(5, 7),
      next: each[6],
    });
    // An event committed later comes after the stored cursor.
    const ping = (await api.ping(endpoint)).body.data.eventId as string;
    const later = await page({ after: each[7] });
    expect(later.data.map((e) => e.id)).toEqual([ping]);
    expect(later.next).not.toBe(each[7]);
  });

  it('filters by type and by purchase order, also together and across pages', async () => {
    const acks = await page({ type: 'order.acknowledged' });
    expect(acks.data.map((e) => e.data.purchaseOrderNumber)).toEqual(['LOG-1', 'LOG-2']);
    const each = await cursors();
    expect(acks.next).toBe(each[7]);
    const log1 = await page({ purchaseOrderNumber: 'LOG-1' });
    expect(log1.data.map((e) => [e.type, e.data.sequence])).toEqual([
      ['order.acknowledged', 1],
      ['order.line_item.status_changed', 2],
    ]);
    expect(log1.next).toBe(each[5]);
    const both = await page({
      type: 'order.line_item.status_changed',
      purchaseOrderNumber: 'LOG-1',
    });
    expect(both.data.map((e) => e.data.sequence)).toEqual([2]);
    // Nothing found from the start: a cursor of the start, which reads the whole log again.
    const none = await page({ purchaseOrderNumber: 'NO-SUCH-PO' });
    expect(none.data).toEqual([]);
    expect(none.next).toMatch(CURSOR);
    expect((await page({ after: none.next })).data).toEqual((await page({})).data);
    // One recipe-set event a page, following `next`.
    const moves: string[] = [];
    let after = none.next;
    for (;;) {
      const p = await page({ type: 'recipe_set.status_changed', limit: 1, after });
      if (p.data.length === 0) break;
      moves.push(`${String(p.data[0].data.previousStatus)}>${String(p.data[0].data.status)}`);
      after = p.next;
    }
    expect(moves).toEqual(['Created>Ordered', 'Ordered>Processing', 'Created>Ordered']);
    expect(after).toBe(each[6]);
  });

  it('answers 400 to an invalid cursor, limit, type or clientHandle', async () => {
    const queries: Record<string, string | number>[] = [
      { after: 'abc' },
      { after: '-1' },
      { after: '8' },
      { after: '1234567890123456789-1' },
      { after: `ec_${'A'.repeat(43)}` },
      { after: `ec_${'A'.repeat(101)}` },
      { limit: 0 },
      { limit: 501 },
      { limit: 'ten' },
      { type: 'order.unknown' },
      { purchaseOrderNumber: 'P'.repeat(101) },
      { clientHandle: 'h'.repeat(101) },
    ];
    for (const query of queries) {
      const res = await api.events(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
    expect((await page({ limit: 500 })).data).toEqual((await page({})).data);
  });

  it("keeps cursors to the client: they say nothing of other clients' writes, and open for it only", async () => {
    const each = await cursors();
    const last = (await page({})).next;
    // Another client writes a lot: this client's cursors of the same events do not change.
    const other = await createClient(t.app, { role: Role.Admin });
    const otherApi = webhooksApi(t, other.token);
    const { id } = await otherApi.add(URL);
    for (let i = 0; i < 5; i++) await otherApi.ping(id);
    expect(await cursors()).toEqual(each);
    expect((await page({})).next).toBe(last);
    // The other client's cursors are of its own log: C's is refused to it, and the reverse.
    const theirs = (await otherApi.events({})).body as Page;
    expect(theirs.data).toHaveLength(5);
    expect(new Set([...each, theirs.next]).size).toBe(each.length + 1);
    const foreign = await otherApi.events({ after: last });
    expect(foreign.status).toBe(400);
    expect(foreign.text).toBe(
      "Invalid request: after must be the `next` of an earlier page of this client's event log.",
    );
    expect((await api.events({ after: theirs.next })).status).toBe(400);
  });

  it('refuses a cursor of the old form (<txid>-<position>) with 400 saying what to do', async () => {
    const res = await api.events({ after: '20571-1042' });
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      'Invalid request: after is a cursor of the old form (<number>-<number>), no longer accepted: read from the oldest kept event again (without after) and skip the event ids already processed.',
    );
  });
});
