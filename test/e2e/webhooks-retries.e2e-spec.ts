import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { ManualClock } from '../support/manual-clock';
import { outboxMessages } from '../support/share';
import { acceptInvitation, invite } from '../support/users';
import {
  DELIVERING_ENV,
  Delivery,
  laterRetryDelivered,
  nothingPending,
  ofOrder,
  orderUpdates,
  sequences,
  webhooksApi,
  useDeliveringApp,
} from '../support/webhooks';

/** A delivery log, first attempt first. */
const byAttempt = (log: Delivery[]) => [...log].sort((x, y) => x.attempt - y.attempt);

/**
 * What follows a failed delivery, on a shortened clock (WEBHOOK_RETRY_SCHEDULE 0,1,1,1: four
 * attempts a second apart; WEBHOOK_TIMEOUT_MS 1000). Each test has its own client and endpoint,
 * mostly pinged (a ping goes to that endpoint only). Measured times are lower bounds only.
 */
describe('Webhooks: retries, Retry-After, 410, timeouts, redirects (HTTP)', () => {
  const app = useDeliveringApp();
  const receiver = app.receiver;
  let t: TestApp;
  beforeAll(() => {
    t = app.t;
  });
  /** A new client with an endpoint at `url`, pinged: its API, endpoint id and ping's event id. */
  const pinged = async (url: string) => {
    const client = await createClient(t.app, { role: Role.Admin });
    const api = webhooksApi(t, client.token);
    const { id } = await api.add(url);
    const ping = await api.ping(id);
    expect(ping.status).toBe(202);
    return { client, api, id, eventId: ping.body.data.eventId as string };
  };

  it('makes attempts 1 to 4 on the schedule, each not before it is due, then stops', async () => {
    const r = await receiver(() => ({ status: 500, body: 'boom\n  went the receiver' }));
    const { api, id, eventId } = await pinged(r.url);
    const log = byAttempt(await api.settled(id, (l) => l.length === 4 && nothingPending(l)));
    expect(log.map((d) => [d.attempt, d.status, d.responseStatus, d.eventId])).toEqual([
      [1, 'failed', 500, eventId],
      [2, 'failed', 500, eventId],
      [3, 'failed', 500, eventId],
      [4, 'failed', 500, eventId],
    ]);
    expect(log.every((d) => d.error === 'HTTP 500: boom went the receiver')).toBe(true);
    for (const d of log.slice(1)) {
      // The schedule's 1 s with ±10 % jitter.
      const delay = Date.parse(d.dueAt) - Date.parse(d.createdAt);
      expect(delay).toBeGreaterThanOrEqual(900);
      expect(delay).toBeLessThanOrEqual(1100);
      expect(Date.parse(d.completedAt!)).toBeGreaterThanOrEqual(Date.parse(d.dueAt));
    }
    // The receiver saw the same event four times, each at least ~0.9 s after the one before.
    expect(r.received.map((d) => d.event.id)).toEqual([eventId, eventId, eventId, eventId]);
    r.received.slice(1).forEach((d, i) => {
      expect(d.at - r.received[i].at).toBeGreaterThanOrEqual(850);
    });
    // Exhausted: no fifth attempt (it would be due about 1 s after the fourth, before a retry due
    // 2 s from now is made), and failing alone does not disable the endpoint.
    await laterRetryDelivered(api, receiver);
    expect(r.received).toHaveLength(4);
    expect(await api.log(id)).toHaveLength(4);
    expect(await api.read(id)).toMatchObject({ status: 'enabled', disabledReason: null });
  });

  it('counts a refused connection as a failure, with the reason in the log', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    const { api, id } = await pinged(closed.url);
    // Tried again like any failure (the first retry is enough to see).
    const failed = (l: Delivery[]) => byAttempt(l.filter((d) => d.status === 'failed'));
    const log = await api.settled(id, (l) => failed(l).length >= 2);
    expect(failed(log).map((d) => [d.attempt, d.responseStatus, d.error])).toEqual(
      [1, 2, 3, 4]
        .slice(0, failed(log).length)
        .map((attempt) => [attempt, null, 'the connection was refused']),
    );
  });

  it('honours Retry-After: the next attempt waits the seconds asked, longer than the schedule', async () => {
    const r = await receiver((_, i) =>
      i === 0 ? { status: 503, headers: { 'Retry-After': '2' } } : { status: 200 },
    );
    const { api, id, eventId } = await pinged(r.url);
    const log = byAttempt(await api.settled(id, (l) => l.some((d) => d.status === 'succeeded')));
    expect(log.map((d) => [d.attempt, d.status, d.responseStatus])).toEqual([
      [1, 'failed', 503],
      [2, 'succeeded', 200],
    ]);
    expect(log[0].error).toBe('HTTP 503');
    expect(Date.parse(log[1].dueAt) - Date.parse(log[1].createdAt)).toBe(2000);
    expect(r.received.map((d) => d.event.id)).toEqual([eventId, eventId]);
    expect(r.received[1].at - r.received[0].at).toBeGreaterThanOrEqual(1950);
  });

  it('disables the endpoint at once on 410 Gone, fails what waits, tells its Admins; enabling resumes', async () => {
    const r = await receiver(() => ({ status: 410, body: 'unsubscribed' }));
    // An Active Admin user of the client, who is told.
    const client = await createClient(t.app, { role: Role.Admin });
    const email = `ops-${client.handle}@example.com`;
    const { link } = await invite(t, client.token, { email, role: 'admin' });
    const password = 'violet tractor 42 sings';
    expect((await acceptInvitation(t, link, { password, confirmation: password })).status).toBe(
      200,
    );
    const api = webhooksApi(t, client.token);
    const { id } = await api.add(r.url);
    const { eventId } = (await api.ping(id)).body.data;
    const log = await api.settled(id, (l) => l.length > 0 && nothingPending(l));
    // One attempt, no retry (it would have been created with the outcome, in one transaction).
    expect(log).toEqual([
      expect.objectContaining({
        eventId,
        attempt: 1,
        status: 'failed',
        responseStatus: 410,
        error: 'HTTP 410: unsubscribed',
      }),
    ]);
    expect(await api.read(id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'it answered 410 Gone',
    });
    const alerts = (await outboxMessages(t)).filter((m) => m.kind === 'webhook-disabled');
    expect(alerts.map((m) => m.message.to)).toEqual([email]);
    const alert = alerts[0].message;
    if (alert.channel !== 'email') throw new Error('an e-mail was expected');
    expect(alert.email.text).toContain(`The webhook endpoint ${r.url} (${id}) was disabled`);

    // Disabled: a ping is recorded failed, and nothing is sent.
    const again = (await api.ping(id)).body.data.attemptId as string;
    const skipped = await api.settled(id, (l) =>
      l.some((d) => d.id === again && d.status !== 'pending'),
    );
    expect(skipped.find((d) => d.id === again)).toMatchObject({
      status: 'failed',
      responseStatus: null,
      error: 'the endpoint is disabled',
    });
    expect(r.received).toHaveLength(1);

    r.answerWith(() => ({ status: 204 }));
    const enabled = await api.patch(id, { status: 'enabled' });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ status: 'enabled', disabledReason: null });
    const resumed = (await api.ping(id)).body.data.eventId as string;
    await r.waitFor((got) => got.some((d) => d.event.id === resumed));
    const after = await api.settled(id, (l) => l.some((d) => d.status === 'succeeded'));
    expect(after[0]).toMatchObject({ eventId: resumed, status: 'succeeded', responseStatus: 204 });
  });

  it('counts a receiver slower than WEBHOOK_TIMEOUT_MS as a failure and tries again', async () => {
    const r = await receiver((_, i) => (i === 0 ? { delayMs: 3000 } : {}));
    const { api, id, eventId } = await pinged(r.url);
    const log = byAttempt(await api.settled(id, (l) => l.some((d) => d.status === 'succeeded')));
    expect(log.map((d) => [d.attempt, d.status, d.responseStatus, d.error])).toEqual([
      [1, 'failed', null, 'no answer within 1000 ms'],
      [2, 'succeeded', 200, null],
    ]);
    expect(log[0].durationMs).toBeGreaterThanOrEqual(1000);
    expect(r.received.map((d) => d.event.id)).toEqual([eventId, eventId]);
  });

  it('does not follow redirects: the target named by Location receives nothing', async () => {
    const target = await receiver();
    const r = await receiver((_, i) => ({
      status: i % 2 === 0 ? 302 : 307,
      headers: { Location: target.url },
    }));
    const { api, id } = await pinged(r.url);
    const log = byAttempt(await api.settled(id, (l) => l.length === 4 && nothingPending(l)));
    expect(log.map((d) => [d.attempt, d.status, d.responseStatus, d.error])).toEqual([
      [1, 'failed', 302, 'HTTP 302 (redirects are not followed)'],
      [2, 'failed', 307, 'HTTP 307 (redirects are not followed)'],
      [3, 'failed', 302, 'HTTP 302 (redirects are not followed)'],
      [4, 'failed', 307, 'HTTP 307 (redirects are not followed)'],
    ]);
    expect(r.received).toHaveLength(4);
    expect(target.received).toEqual([]);
  });

  it("releases an order's next event once the one before has exhausted its retries", async () => {
    const r = await receiver((d) => (d.event.type === 'order.acknowledged' ? { status: 500 } : {}));
    const client = await createClient(t.app, { role: Role.Admin });
    const api = webhooksApi(t, client.token);
    const { id } = await api.add(r.url, {
      eventTypes: ['order.acknowledged', 'order.line_item.status_changed'],
    });
    const [x] = await ordersApi(t, client).placeOrder('EX-1', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    await orderUpdates(t, client.token).status('EX-1', [[x.readableId, 'in-progress']]);
    await r.waitFor((got) => sequences(ofOrder(got, 'EX-1')).includes(2));
    expect(ofOrder(r.received, 'EX-1').map((d) => [d.event.data.sequence, d.status])).toEqual([
      [1, 500],
      [1, 500],
      [1, 500],
      [1, 500],
      [2, 200],
    ]);
    const log = await api.settled(id, (l) => l.length === 5 && nothingPending(l));
    expect(log.map((d) => [d.eventType, d.attempt, d.status]).sort()).toEqual([
      ['order.acknowledged', 1, 'failed'],
      ['order.acknowledged', 2, 'failed'],
      ['order.acknowledged', 3, 'failed'],
      ['order.acknowledged', 4, 'failed'],
      ['order.line_item.status_changed', 1, 'succeeded'],
    ]);
  });
});

/**
 * An endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS (1 here) is disabled; a success in between
 * starts the count again. The app's clock is moved by the test (attempts still run in real time).
 */
describe('Webhooks: disabling an endpoint that keeps failing (HTTP)', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let r: WebhookReceiver;

  beforeAll(async () => {
    r = await startWebhookReceiver();
    t = await createTestApp({
      env: { ...DELIVERING_ENV, WEBHOOK_DISABLE_AFTER_HOURS: '1' },
      clock,
    });
  });
  afterAll(async () => {
    await t.close();
    await r.close();
  });

  it('disables it at the first failure an hour after the first of a row, not before', async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    const api = webhooksApi(t, client.token);
    const { id } = await api.add(r.url);
    // A failure, then (5 s later: time enough to move the clock) another, later success.
    r.answerWith((_, i) => (i === 0 ? { status: 503, headers: { 'Retry-After': '5' } } : {}));
    await api.ping(id);
    // (The clock stands still between moves: the log's order of equal times is the ids'.)
    const retrying = (l: Delivery[]) => l.some((d) => d.attempt === 2 && d.status === 'pending');
    await api.settled(id, (l) => l.length === 2 && retrying(l));
    clock.advance(30 * 60_000);
    await api.settled(id, (l) => l.length === 2 && nothingPending(l));
    // Failing again two hours later: not disabled at the first failure, but at the next one.
    clock.advance(2 * 3_600_000);
    r.answerWith(() => ({ status: 503, headers: { 'Retry-After': '5' } }));
    const ping = (await api.ping(id)).body.data.eventId as string;
    const ofPing = (l: Delivery[]) => l.filter((d) => d.eventId === ping);
    await api.settled(id, (l) => retrying(ofPing(l)));
    expect(await api.read(id)).toMatchObject({ status: 'enabled' });
    clock.advance(2 * 3_600_000);
    // The next attempt (attempt 2, unless a slow machine let it run before the clock moved).
    const log = await api.settled(id, (l) => ofPing(l).length >= 2 && nothingPending(l), 60_000);
    expect(byAttempt(ofPing(log)).map((d) => [d.attempt, d.status, d.responseStatus])).toEqual(
      ofPing(log).map((_, i) => [i + 1, 'failed', 503]),
    );
    expect(await api.read(id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'every delivery failed for 2 hours',
    });
  });
});
