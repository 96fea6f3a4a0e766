import { Controller, HttpCode, Post } from '@nestjs/common';
import request from 'supertest';
import { Authenticated } from '../../src/common/auth/access.decorators';
import { Role } from '../../src/common/auth/role';
import { PlanLimited } from '../../src/plans';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { runCli } from '../support/run-cli';

// Tests that run child processes have budgets sized in test/support/budgets.ts.
/** Routes under plan limits, as the moderation and image-generation routes are. */
@Controller('test-only/limited')
@Authenticated()
@PlanLimited()
class LimitedController {
  @Post()
  @HttpCode(200)
  work() {
    return { ok: true };
  }

  @Post(':clientHandle/work')
  @HttpCode(200)
  workFor() {
    return { ok: true };
  }
}

/** Plans and their limits through HTTP: the guard, the headers, the admin routes, the CLI. */
describe('Plans and rate limits', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [LimitedController] });
    admin = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  const setPlan = (handle: string, body: object) =>
    request(t.http)
      .put(`/admin/clients/${handle}/plan`)
      .set('SERVICE_API_TOKEN', admin.token)
      .send(body);
  const call = (c: TestClient, how: 'header' | 'query' | 'route' = 'header', handle = c.handle) => {
    const path =
      how === 'route'
        ? `/test-only/limited/${handle}/work`
        : `/test-only/limited${how === 'query' ? `?clientHandle=${handle}` : ''}`;
    const req = request(t.http).post(path).set('SERVICE_API_TOKEN', c.token);
    return how === 'header' ? req.set('clientHandle', handle) : req;
  };

  it('lets 5 requests a minute through with the IETF headers, and answers the 6th 429 with Retry-After', async () => {
    const c = await createClient(t.app);
    expect((await setPlan(c.handle, { limit: 5, windowSeconds: 60 })).status).toBe(200);
    const ways = ['header', 'query', 'route', 'header', 'query'] as const;
    for (const [i, how] of ways.entries()) {
      const res = await call(c, how);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"plan";q=5;w=60');
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"plan";r=${4 - i};t=\\d+$`));
    }
    const over = await call(c);
    expect(over.status).toBe(429);
    expect(over.headers['content-type']).toMatch(/^text\/plain/);
    expect(over.text).toBe('Rate limit exceeded.');
    // Counted in /metrics by the limit that refused it.
    const metrics = await request(t.http).get('/metrics').set('SERVICE_API_TOKEN', admin.token);
    expect(metrics.text).toMatch(/^rate_limit_refusals_total\{policy="RATE_LIMITED"\} [1-9]\d*$/m);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers['ratelimit-policy']).toBe('"plan";q=5;w=60');
    expect(over.headers.ratelimit).toMatch(/^"plan";r=0;t=\d+$/);
    // Another client is counted on its own.
    const other = await createClient(t.app);
    expect((await call(other)).status).toBe(200);
  });

  it('answers 400 "Missing clientHandle." without one, 403 for another client, 404 for an unknown one (ServiceAdmin)', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    const missing = await request(t.http)
      .post('/test-only/limited')
      .set('SERVICE_API_TOKEN', c.token);
    expect(missing.status).toBe(400);
    expect(missing.text).toBe('Missing clientHandle.');
    const blank = await request(t.http)
      .post('/test-only/limited')
      .set('SERVICE_API_TOKEN', c.token)
      .set('clientHandle', '  ');
    expect(blank.text).toBe('Missing clientHandle.');
    for (const how of ['header', 'query', 'route'] as const) {
      const res = await call(c, how, other.handle);
      expect(res.status).toBe(403);
      expect(res.text).toBe(`The API token does not belong to client ${other.handle}.`);
    }
    expect((await call(c, 'header', c.handle.toUpperCase())).status).toBe(200);
    const malformed = await call(admin, 'query', 'not%20a%20handle');
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('Invalid clientHandle "not a handle"');
    expect((await call(admin, 'header', c.handle)).status).toBe(200);
    const unknown = await call(admin, 'header', 'no-such-client');
    expect(unknown.status).toBe(404);
    expect(
      (await request(t.http).post('/test-only/limited').set('clientHandle', c.handle)).status,
    ).toBe(401);
  });

  it('enforces a monthly cap durably and reports the month’s count', async () => {
    const c = await createClient(t.app);
    const set = await setPlan(c.handle, { limit: 100, windowSeconds: 60, monthlyCap: 2 });
    expect(set.body).toMatchObject({
      plan: 'custom',
      limit: 100,
      windowSeconds: 60,
      monthlyCap: 2,
    });
    expect((await call(c)).status).toBe(200);
    expect((await call(c)).status).toBe(200);
    const over = await call(c);
    expect(over.status).toBe(429);
    expect(over.text).toBe('Rate limit exceeded.');
    const now = new Date();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(
      Math.abs(Number(over.headers['retry-after']) - (nextMonth - Date.now()) / 1000),
    ).toBeLessThan(30);
    const own = await request(t.http)
      .get('/api/clients/current/plan')
      .set('SERVICE_API_TOKEN', c.token);
    expect(own.body).toEqual({
      clientHandle: c.handle,
      plan: 'custom',
      limit: 100,
      windowSeconds: 60,
      monthlyCap: 2,
      usedThisMonth: 2,
      libraryAssets: 100_000,
    });
  });

  it('applies the seeded plans, and the admin route checks its input', async () => {
    const c = await createClient(t.app);
    const seeded = await setPlan(c.handle, { plan: 'FREE' });
    expect(seeded.body).toMatchObject({
      plan: 'free',
      limit: 10,
      windowSeconds: 60,
      monthlyCap: 1000,
    });
    const read = await request(t.http)
      .get(`/admin/clients/${c.handle}/plan`)
      .set('SERVICE_API_TOKEN', admin.token);
    expect(read.body.plan).toBe('free');
    for (const [body, says] of [
      [{}, 'send a plan, limit and windowSeconds, or libraryAssets'],
      [{ limit: 5 }, 'limit and windowSeconds go together'],
      [{ limit: 0, windowSeconds: 60 }, 'limit must not be less than 1'],
      [{ plan: 'gold' }, 'plan must be free, standard or enterprise'],
      [{ limit: 5, windowSeconds: 90_000 }, 'windowSeconds must not be greater than 86400'],
    ] as const) {
      const res = await setPlan(c.handle, body);
      expect(res.status).toBe(400);
      expect(res.text).toContain(says);
    }
    expect((await setPlan('no-such-client', { plan: 'free' })).status).toBe(404);
    const asClient = await request(t.http)
      .put(`/admin/clients/${c.handle}/plan`)
      .set('SERVICE_API_TOKEN', c.token)
      .send({ plan: 'enterprise' });
    expect(asClient.status).toBe(403);
  });

  it('sets a plan from the CLI (client set-plan)', async () => {
    const c = await createClient(t.app);
    const env = t.db.env;
    const res = await runCli(
      env,
      'client',
      'set-plan',
      c.handle,
      '--limit',
      '5',
      '--window',
      '60',
      '--monthly',
      '300',
      '--library',
      '2500',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      plan: 'custom',
      limit: 5,
      windowSeconds: 60,
      monthlyCap: 300,
      libraryAssets: 2500,
    });
    const bad = await runCli(
      env,
      'client',
      'set-plan',
      c.handle,
      '--limit',
      'five',
      '--window',
      '60',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--limit must be a whole number');
    expect((await runCli(env, 'client', 'set-plan', c.handle, '--limit', '5')).stderr).toContain(
      'limit and windowSeconds go together',
    );
  }, 180_000);
});
