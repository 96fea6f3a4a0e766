import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { ordersApi } from '../factories/orders';
import { TestApp } from '../setup/test-app';
import {
  Delivery,
  nothingPending,
  ofOrder,
  orderUpdates,
  sequences,
  verify,
  webhooksApi,
  useDeliveringApp,
} from '../support/webhooks';

const SKU = [{ sku: 'TEE-M', quantity: 1 }];

/**
 * An endpoint's delivery log (newest first, paged, by status), redelivering one attempt's event,
 * and replaying a window of events. Each test has its own client (a client's events go to all of
 * its endpoints).
 */
describe('Webhooks: delivery log, redelivery and replay (HTTP)', () => {
  const app = useDeliveringApp();
  const receiver = app.receiver;
  let t: TestApp;
  beforeAll(() => {
    t = app.t;
  });
  const setUp = async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    return { client, api: webhooksApi(t, client.token) };
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('pages the log newest first by `limit` and `cursor`, and filters it by status', async () => {
    const { api } = await setUp();
    const r = await receiver();
    const { id } = await api.add(r.url);
    for (let i = 0; i < 5; i++) expect((await api.ping(id)).status).toBe(202);
    await api.settled(id, (l) => l.length === 5 && nothingPending(l));
    r.answerWith(() => ({ status: 500 }));
    await api.ping(id);
    const full = await api.settled(id, (l) => l.length === 9 && nothingPending(l));
    const created = full.map((d) => Date.parse(d.createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));

    const pages: { data: Delivery[]; next: string | null }[] = [];
    let cursor: string | undefined;
    do {
      const res = await api.deliveries(id, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.next ?? undefined;
    } while (cursor);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages.flatMap((p) => p.data)).toEqual(full);

    const failed = await api.deliveries(id, { status: 'failed' });
    expect(failed.body.data.map((d: Delivery) => [d.attempt, d.responseStatus])).toEqual([
      [4, 500],
      [3, 500],
      [2, 500],
      [1, 500],
    ]);
    expect(failed.body.next).toBeNull();
    const first = await api.deliveries(id, { status: 'failed', limit: 3 });
    expect(first.body.data).toHaveLength(3);
    const rest = await api.deliveries(id, { status: 'failed', limit: 3, cursor: first.body.next });
    expect(rest.body).toEqual({ data: [failed.body.data[3]], next: null });
    const ok = await api.deliveries(id, { status: 'succeeded' });
    expect(ok.body.data).toHaveLength(5);
    expect(ok.body.data.every((d: Delivery) => d.responseStatus === 200)).toBe(true);
    expect((await api.deliveries(id, { status: 'pending' })).body).toEqual({
      data: [],
      next: null,
    });

    const queries: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 101 },
      { limit: 'x' },
      { status: 'done' },
      { cursor: '!!!' },
      { cursor: 'Zm9v' },
    ];
    for (const query of queries) {
      const res = await api.deliveries(id, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });

  it("redelivers an attempt's event: the same webhook-id and body, as a new attempt 1, to that endpoint only", async () => {
    const { client, api } = await setUp();
    const r = await receiver();
    const bystander = await receiver();
    const { id, secret } = await api.add(r.url);
    await api.add(bystander.url);
    await ordersApi(t, client).placeOrder('RD-1', 1, SKU);
    await r.waitFor((got) => ofOrder(got, 'RD-1').length === 1);
    await bystander.waitFor((got) => ofOrder(got, 'RD-1').length === 1);
    const log = await api.settled(id, (l) => l.length === 2 && nothingPending(l));
    const acked = log.find((d) => d.eventType === 'order.acknowledged')!;

    const res = await api.redeliver(acked.id);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ attemptId: expect.any(String), eventId: acked.eventId });
    expect(res.body.data.attemptId).not.toBe(acked.id);
    await r.waitFor((got) => ofOrder(got, 'RD-1').length === 2);
    const [original, again] = ofOrder(r.received, 'RD-1');
    expect(again.headers['webhook-id']).toBe(acked.eventId);
    expect(again.body).toBe(original.body);
    expect(() => verify(secret, again)).not.toThrow();
    const after = await api.settled(id, (l) => l.length === 3 && nothingPending(l));
    expect(after.find((d) => d.id === res.body.data.attemptId)).toMatchObject({
      eventId: acked.eventId,
      attempt: 1,
      status: 'succeeded',
    });
    expect(after.find((d) => d.id === acked.id)).toEqual(acked);

    // A failed event, once the receiver is back.
    r.answerWith(() => ({ status: 500 }));
    const pingId = (await api.ping(id)).body.data.eventId as string;
    const exhausted = await api.settled(
      id,
      (l) => l.filter((d) => d.eventId === pingId && d.status === 'failed').length === 4,
    );
    r.answerWith(() => ({}));
    const lastFailed = exhausted.find((d) => d.eventId === pingId)!;
    expect(lastFailed.attempt).toBe(4);
    const retried = await api.redeliver(lastFailed.id);
    expect(retried.status).toBe(202);
    const done = await api.settled(id, (l) =>
      l.some((d) => d.id === retried.body.data.attemptId && d.status === 'succeeded'),
    );
    expect(done.find((d) => d.id === retried.body.data.attemptId)).toMatchObject({ attempt: 1 });
    expect(r.received.filter((d) => d.event.id === pingId).map((d) => d.status)).toEqual([
      500, 500, 500, 500, 200,
    ]);
    expect(ofOrder(bystander.received, 'RD-1')).toHaveLength(1);
    expect(bystander.ofType('webhook.ping')).toEqual([]);
  });

  it('replays the events of [since, until) the endpoint takes: 202 with the count, in order, never pings', async () => {
    const { client, api } = await setUp();
    const all = await receiver();
    const acks = await receiver();
    const e1 = await api.add(all.url);
    const e2 = await api.add(acks.url, { eventTypes: ['order.acknowledged'] });
    const since = new Date();
    await sleep(5);
    const [x] = await ordersApi(t, client).placeOrder('RP-1', 1, SKU);
    await orderUpdates(t, client.token).status('RP-1', [[x.readableId, 'in-progress']]);
    await api.ping(e1.id);
    await sleep(5);
    const until = new Date();
    await sleep(5);
    await ordersApi(t, client).placeOrder('RP-2', 1, SKU);
    // Before: 4 events of RP-1 and a ping, and RP-2's 2 at the first endpoint; RP-1's and
    // RP-2's acknowledgements at the second.
    await all.waitFor((r) => r.length === 7);
    await acks.waitFor((r) => r.length === 2);
    // The window's events (not the ping): RP-1's and its recipe set's.
    const windowed = all.received
      .filter(
        (d) =>
          d.event.data.purchaseOrderNumber === 'RP-1' ||
          d.event.data.recipeSetReadableId === x.readableId,
      )
      .map((d) => d.event.id);
    expect(windowed).toHaveLength(4);

    const res = await api.replay(e1.id, { since: since.toISOString(), until: until.toISOString() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { queued: 4 } });
    await all.waitFor((r) => r.length === 11);
    const replayed = all.received.slice(7);
    expect(replayed.map((d) => d.event.id).sort()).toEqual([...windowed].sort());
    expect(replayed.every((d) => d.event.type !== 'webhook.ping')).toBe(true);
    expect(sequences(ofOrder(replayed, 'RP-1'))).toEqual([1, 2]);
    const statuses = replayed
      .filter((d) => d.event.type === 'recipe_set.status_changed')
      .map((d) => d.event.data.status);
    expect(statuses).toEqual(['Ordered', 'Processing']);

    // The second endpoint takes acknowledgements only.
    const second = await api.replay(e2.id, { since, until });
    expect(second.body).toEqual({ data: { queued: 1 } });
    await acks.waitFor((r) => r.length === 3);
    expect(ofOrder(acks.received, 'RP-1').map((d) => d.event)).toEqual([
      acks.received[2].event,
      acks.received[2].event,
    ]);

    // Without until: up to now (RP-2 too); an empty window queues nothing.
    expect((await api.replay(e2.id, { since })).body).toEqual({ data: { queued: 2 } });
    expect((await api.replay(e1.id, { since: until, until: since })).body).toEqual({
      data: { queued: 0 },
    });
    await acks.waitFor((r) => r.length === 5);
    const log = await api.settled(e2.id, (l) => l.length === 5 && nothingPending(l));
    expect(log.every((d) => d.attempt === 1 && d.status === 'succeeded')).toBe(true);

    for (const body of [{}, { since: 'yesterday' }, { since, until: 'later' }]) {
      const bad = await api.replay(e1.id, body);
      expect({ body, status: bad.status }).toEqual({ body, status: 400 });
    }
  });
});
