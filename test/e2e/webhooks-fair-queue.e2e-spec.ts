import { Role } from '../../src/common/auth/role';
import { ClaimLimits, WebhookAttemptsRepository } from '../../src/webhooks';
import { createClient, TestClient } from '../factories/clients';
import { ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { Delivery, webhooksApi } from '../support/webhooks';

const SKU = [{ sku: 'TEE-M', quantity: 1 }];
/** Nothing listens there: no delivery is made in this file (no workers), only claimed. */
const NOWHERE = 'http://127.0.0.1:9/hooks';

/**
 * The delivery queue is taken per client in turn: a client with a backlog (endpoints that never
 * answer, replays queued) does not hold back another client's attempt, sandbox clients come after
 * live ones, an endpoint whose circuit breaker is open is left out (one probe at a time once
 * half-open). The claims are made here, against the attempts the HTTP routes queued, as the
 * delivery loop makes them (no worker runs in this app). Then the per-client limits: replays per
 * hour, pings per minute and queued attempts, each a 429 naming its setting.
 */
describe('Webhooks: a fair delivery queue and per-client limits (HTTP)', () => {
  let t: TestApp;
  let attempts: WebhookAttemptsRepository;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_PINGS_PER_MINUTE: '3',
        WEBHOOK_REPLAYS_PER_HOUR: '3',
        WEBHOOK_CLIENT_QUEUE_LIMIT: '100',
      },
    });
    attempts = t.app.get(WebhookAttemptsRepository);
  });
  afterAll(() => t.close());

  const admin = (sandbox = false): Promise<TestClient> =>
    createClient(t.app, { role: Role.Admin, sandbox });
  const limits = (over: Partial<ClaimLimits> = {}): ClaimLimits => ({
    dueBy: new Date(),
    perEndpoint: 16,
    endpointRoom: new Map(),
    perClient: 32,
    clientRoom: new Map(),
    sandboxRoom: 16,
    ...over,
  });
  const pendingOf = async (api: ReturnType<typeof webhooksApi>, id: string) =>
    (await api.log(id, { status: 'pending' })).map((d: Delivery) => d.id);

  it("claims another client's ping in the first batch behind a backlog, live clients before sandbox ones", async () => {
    // Client A: three endpoints, a backlog of replays queued before anything else.
    const a = await admin();
    const aApi = webhooksApi(t, a.token);
    const since = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 8; i++) await ordersApi(t, a).placeOrder(`FQ-${i}`, 1, SKU);
    const aEndpoints = [await aApi.add(NOWHERE), await aApi.add(NOWHERE), await aApi.add(NOWHERE)];
    for (const e of aEndpoints.slice(0, 2)) {
      const res = await aApi.replay(e.id, { since });
      expect(res.status).toBe(202);
      expect(res.body.data.queued).toBeGreaterThanOrEqual(8);
    }
    expect((await aApi.ping(aEndpoints[2].id)).status).toBe(202);
    // A sandbox client's ping, then a live client's, both after A's backlog.
    const s = await admin(true);
    const sApi = webhooksApi(t, s.token);
    const sEndpoint = await sApi.add(NOWHERE);
    const sPing = (await sApi.ping(sEndpoint.id)).body.data.attemptId as string;
    const b = await admin();
    const bApi = webhooksApi(t, b.token);
    const bEndpoint = await bApi.add(NOWHERE);
    const bPing = (await bApi.ping(bEndpoint.id)).body.data.attemptId as string;
    const aPending = (await Promise.all(aEndpoints.map((e) => pendingOf(aApi, e.id)))).flat();
    expect(aPending.length).toBeGreaterThanOrEqual(17);

    // Oldest due first, B's ping would wait for all of A's: per client in turn, it is in the
    // first batch of four; the sandbox client's is not (live clients first).
    const first = await attempts.claimDue(4, 60, limits());
    const ids = first.map((c) => c.id);
    expect(ids).toHaveLength(4);
    expect(ids).toContain(bPing);
    expect(ids).not.toContain(sPing);
    expect(first.filter((c) => c.clientId === a.id)).toHaveLength(3);
    expect(first.find((c) => c.id === bPing)).toMatchObject({ clientId: b.id, sandbox: false });

    // A at its room here: the sandbox client's ping is next, none of A's.
    const second = await attempts.claimDue(4, 60, limits({ clientRoom: new Map([[a.id, 0]]) }));
    expect(second.map((c) => c.id)).toEqual([sPing]);
    // No room for sandbox clients: nothing of theirs would be taken (none left anyway), A's are.
    const third = await attempts.claimDue(2, 60, limits({ sandboxRoom: 0 }));
    expect(third.map((c) => c.clientId)).toEqual([a.id, a.id]);
  });

  it('leaves out an endpoint whose circuit breaker is open, and claims one probe at a time once it is half-open', async () => {
    const a = await admin();
    const api = webhooksApi(t, a.token);
    const e = await api.add(NOWHERE);
    for (let i = 0; i < 3; i++) expect((await api.ping(e.id)).status).toBe(202);
    const mine = async (l: ClaimLimits) =>
      (await attempts.claimDue(64, 60, l)).filter((c) => c.endpointId === e.id);

    const breaker = (openUntil: string) =>
      t.dataSource.query(
        `UPDATE webhook_endpoint SET consecutive_failures = 5, breaker_open_until = ${openUntil}
          WHERE id = $1`,
        [e.id],
      );
    await breaker(`now() + interval '1 minute'`);
    expect(await mine(limits())).toEqual([]);
    // Past the open time (half-open): one attempt, and no other while it is claimed.
    await breaker(`now() - interval '1 second'`);
    expect(await mine(limits())).toHaveLength(1);
    expect(await mine(limits())).toEqual([]);
    // Closed (a success): the rest are claimed together.
    await breaker('NULL');
    expect(await mine(limits())).toHaveLength(2);
  });

  it('refuses a ping past WEBHOOK_PINGS_PER_MINUTE and a replay past WEBHOOK_REPLAYS_PER_HOUR with 429 naming the limit', async () => {
    const a = await admin();
    const api = webhooksApi(t, a.token);
    const e = await api.add(NOWHERE);
    for (let i = 0; i < 3; i++) expect((await api.ping(e.id)).status).toBe(202);
    const refused = await api.ping(e.id);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.text).toContain(
      'a client may ask for 3 test pings per minute (WEBHOOK_PINGS_PER_MINUTE)',
    );
    // Another client's pings are its own.
    const b = await admin();
    const bApi = webhooksApi(t, b.token);
    expect((await bApi.ping((await bApi.add(NOWHERE)).id)).status).toBe(202);

    const since = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 3; i++) expect((await api.replay(e.id, { since })).status).toBe(202);
    const tooMany = await api.replay(e.id, { since });
    expect(tooMany.status).toBe(429);
    expect(tooMany.text).toContain(
      'a client may ask for 3 replays per hour (WEBHOOK_REPLAYS_PER_HOUR)',
    );
  });

  it('refuses to queue past WEBHOOK_CLIENT_QUEUE_LIMIT pending attempts with 429 naming it', async () => {
    const a = await admin();
    const api = webhooksApi(t, a.token);
    const e = await api.add(NOWHERE);
    const attemptId = (await api.ping(e.id)).body.data.attemptId as string;
    // 1 pending (the ping) + 99 redeliveries reach the limit of 100.
    for (let i = 0; i < 99; i++) expect((await api.redeliver(attemptId)).status).toBe(202);
    const full = await api.redeliver(attemptId);
    expect(full.status).toBe(429);
    expect(full.headers['retry-after']).toBe('60');
    expect(full.text).toContain(
      'this client has 100 webhook deliveries pending and this request would queue 1 more; a client may have at most 100 (WEBHOOK_CLIENT_QUEUE_LIMIT)',
    );
    const replay = await api.replay(e.id, { since: new Date(Date.now() - 60_000).toISOString() });
    // No events of its own but the ping (replays leave pings out): nothing to queue, no room needed.
    expect(replay.status).toBe(202);
    expect((await api.ping(e.id)).status).toBe(429);
  });
});
