import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { FailureCounter } from '../../src/common/rate-limits/failure-counter';
import { RedisConnection } from '../../src/common/redis/redis-connection';
import { CREDENTIAL_FAILURES } from '../../src/users';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { acceptInvitation, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const ROUNDS = 40;

/** The value below which a fraction `q` of `xs` lies. */
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)];

/**
 * The answers of check-credentials must not tell an unknown address from a wrong password (nor
 * from a user who has not accepted, or is disabled): their times are compared here, interleaved
 * so that a busy machine slows all of them alike.
 */
describe('check-credentials timing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { CREDENTIALS_RATE_LIMIT: '100000' },
      // No lockout here: the same addresses fail on purpose, many times.
      override: (builder) =>
        builder.overrideProvider(CREDENTIAL_FAILURES).useFactory({
          factory: (redis: RedisConnection) =>
            new FailureCounter(redis, { limit: 1_000_000, windowMs: 1000, blockMs: 1000 }),
          inject: [RedisConnection],
        }),
    });
    const acme = await createClient(t.app, { role: Role.Admin });
    const active = await invite(t, acme.token, { email: 'timing@example.com' });
    await acceptInvitation(t, active.link, { password: PASSWORD, confirmation: PASSWORD });
    const disabled = await invite(t, acme.token, { email: 'timing-disabled@example.com' });
    await acceptInvitation(t, disabled.link, { password: PASSWORD, confirmation: PASSWORD });
    await request(t.http)
      .patch(`/api/users/${disabled.id}`)
      .set('SERVICE_API_TOKEN', acme.token)
      .send({ status: 'Disabled' });
    await invite(t, acme.token, { email: 'timing-pending@example.com' });
  });
  afterAll(() => t.close());

  it('takes the same time for an unknown e-mail, a wrong password, a pending and a disabled user', async () => {
    const cases = {
      unknown: { email: 'nobody-here@example.com', password: PASSWORD },
      wrongPassword: { email: 'timing@example.com', password: 'not the password' },
      pending: { email: 'timing-pending@example.com', password: PASSWORD },
      disabled: { email: 'timing-disabled@example.com', password: PASSWORD },
    };
    const names = Object.keys(cases) as (keyof typeof cases)[];
    const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    const once = async (name: keyof typeof cases) => {
      const started = process.hrtime.bigint();
      const res = await request(t.http).post('/api/user/check-credentials').send(cases[name]);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.text).toBe('null');
      return ms;
    };
    for (const name of names) await once(name); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      // A new order each round: none of them always runs first.
      const order = [...names].sort(() => Math.random() - 0.5);
      for (const name of order) times[name].push(await once(name));
    }
    // A low quantile of each case: what the work itself costs. A busy machine only ever adds time,
    // to some requests more than to others, so medians of a loaded run drift apart by chance
    // (CI saw 24 ms against 36 ms) while the fastest answers of each case stay together.
    const fastest = Object.fromEntries(names.map((n) => [n, quantile(times[n], 0.2)]));
    const reference = fastest.wrongPassword;
    // An argon2id verification (~50 ms on an idle core) is most of every answer: an answer that
    // skipped it would be several times faster (4.7 ms against 16 ms when it was missing). No
    // case's fast answers may be under 60 % of another's.
    const apart = names.filter((n) => fastest[n] < reference * 0.6 || reference < fastest[n] * 0.6);
    expect({ apart, fastest }).toEqual({ apart: [], fastest });
    expect(reference).toBeGreaterThan(10);
  });
});
