import { Role } from '../../src/common/auth/role';
import { OutboundTargets, Resolver } from '../../src/common/http/outbound-target';
import { createClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { DELIVERING_ENV, useDeliveringApp, webhooksApi } from '../support/webhooks';

/** Lookups of `silent…` names that end only when the test releases them; others a public address. */
const held: (() => void)[] = [];
const resolver: Resolver = (host) =>
  host.startsWith('silent')
    ? new Promise((done) => held.push(() => done([])))
    : Promise.resolve([{ address: '203.0.113.10', family: 4 }]);

/**
 * What one client can make the webhook targets cost: its DNS lookups (a timeout, at once and per
 * minute, its own), the endpoints it may create a day, and what a description may hold. The
 * resolver is a stand-in (names that never answer), under the production rules.
 */
describe('Webhooks: lookups and creations per client (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { WEBHOOK_MAX_ENDPOINTS: '2', WEBHOOK_ENDPOINT_DAILY_CREATIONS: '3' },
      override: (builder) =>
        builder.overrideProvider(OutboundTargets).useValue(
          new OutboundTargets(
            {
              allowPrivate: false,
              lookupTimeoutMs: 500,
              lookupBudget: { concurrent: 2, perMinute: 6 },
            },
            resolver,
          ),
        ),
    });
  });
  afterAll(async () => {
    held.splice(0).forEach((release) => release());
    await t.close();
  });

  const admin = async () => webhooksApi(t, (await createClient(t.app, { role: Role.Admin })).token);

  it("answers 400 for a name that never answers; the client's lookups stay taken until they end, other clients' resolve", async () => {
    const a = await admin();
    const b = await admin();
    for (const host of ['silent1.example', 'silent2.example']) {
      const res = await a.create({ url: `https://${host}/hooks` });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe(`Invalid request: url: the host ${host} did not resolve within 0.5 s.`);
    }
    const busy = await a.create({ url: 'https://public.example/hooks' });
    expect(busy.status).toBe(429);
    expect(busy.text).toBe(
      'This client has 2 DNS lookups of its webhook hosts under way, the most it may have at once (WEBHOOK_DNS_CONCURRENCY); the URL was not checked, nothing was saved. Retry later.',
    );
    expect(busy.headers['retry-after']).toBe('1');
    expect((await b.create({ url: 'https://public.example/hooks' })).status).toBe(201);

    held.splice(0).forEach((release) => release());
    await new Promise((resume) => setImmediate(resume));
    expect((await a.create({ url: 'https://public.example/hooks' })).status).toBe(201);
  });

  it('answers 429 naming the per-minute limit of lookups, the PATCH of a URL included', async () => {
    const c = await admin();
    const { id } = await c.add('https://host0.example/');
    for (let n = 1; n <= 5; n++)
      expect((await c.patch(id, { url: `https://host${n}.example/` })).status).toBe(200);
    const res = await c.patch(id, { url: 'https://host6.example/' });
    expect(res.status).toBe(429);
    expect(res.text).toMatch(
      /^This client has made 6 DNS lookups of its webhook hosts this minute, the most it may make \(WEBHOOK_DNS_LOOKUPS_PER_MINUTE\); /,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await c.read(id)).url).toBe('https://host5.example/');
  });

  it('checks the endpoint count before any lookup, and caps creations per UTC day (deleted ones count)', async () => {
    const d = await admin();
    const first = await d.add('https://one.example/');
    await d.add('https://two.example/');
    // At the cap, a name that would never answer is not even looked up.
    const full = await d.create({ url: 'https://silent3.example/' });
    expect(full.status).toBe(409);
    expect(full.text).toContain('This client has 2 webhook endpoints, the most it may have');
    expect((await d.remove(first.id)).status).toBe(204);
    const third = await d.add('https://three.example/');
    expect((await d.remove(third.id)).status).toBe(204);
    const res = await d.create({ url: 'https://four.example/' });
    expect(res.status).toBe(429);
    expect(res.text).toBe(
      'This client has created 3 webhook endpoints today (UTC), the most allowed per day (WEBHOOK_ENDPOINT_DAILY_CREATIONS); nothing was created. Retry after midnight UTC.',
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await d.list()).body.data).toHaveLength(1);
    // Another client's day is its own.
    expect((await (await admin()).create({ url: 'https://four.example/' })).status).toBe(201);
  });

  it.each([
    ['a line feed', 'ERP\nproduction', 'U+000A at 4'],
    ['a carriage return', 'ERP\r\nX-Injected: 1', 'U+000D at 4'],
    ['an escape', 'ERP \u001b[31mred', 'U+001B at 5'],
    ['a right-to-left override', 'ERP \u202Enoitcudorp', 'U+202E at 5'],
  ])(
    'refuses a description with %s (POST and PATCH), naming it',
    async (_what, description, at) => {
      const e = await admin();
      const message = `Invalid request: description must be one line without control or bidirectional formatting characters (${at}).`;
      const created = await e.create({ url: 'https://public.example/', description });
      expect(created.status).toBe(400);
      expect(created.text).toBe(message);
      const { id } = await e.add('https://public.example/', { description: 'ERP production' });
      const patched = await e.patch(id, { description });
      expect(patched.status).toBe(400);
      expect(patched.text).toBe(message);
      expect((await e.read(id)).description).toBe('ERP production');
    },
  );
});

/**
 * At delivery the host is looked up again, in the same budget: a lookup that does not answer in
 * time is a failed attempt (retried), never a stuck delivery.
 */
describe('Webhooks: a lookup that times out at delivery (HTTP)', () => {
  let answering = true;
  const pending: (() => void)[] = [];
  const app = useDeliveringApp(DELIVERING_ENV, (builder) =>
    builder
      .overrideProvider(OutboundTargets)
      .useValue(
        new OutboundTargets({ allowPrivate: true, lookupTimeoutMs: 300 }, (host) =>
          host === 'receiver.example' && answering
            ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
            : new Promise((done) => pending.push(() => done([]))),
        ),
      ),
  );
  afterAll(() => pending.splice(0).forEach((release) => release()));

  it('records the attempt failed, naming the timeout', async () => {
    const receiver = await app.receiver();
    const api = webhooksApi(app.t, (await createClient(app.t.app, { role: Role.Admin })).token);
    const endpoint = await api.add(receiver.url.replace('127.0.0.1', 'receiver.example'));
    await api.ping(endpoint.id);
    await receiver.waitFor((r) => r.length === 1);
    answering = false;
    await api.ping(endpoint.id);
    const log = await api.settled(endpoint.id, (l) =>
      l.some((d) => d.status === 'failed' && d.attempt >= 1),
    );
    expect(log.find((d) => d.status === 'failed')).toMatchObject({
      eventType: 'webhook.ping',
      responseStatus: null,
      error: 'the host receiver.example did not resolve within 0.3 s',
    });
    expect(receiver.received).toHaveLength(1);
  });
});
