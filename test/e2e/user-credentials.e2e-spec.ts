import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { acceptInvitation, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';

/** POST /api/user/check-credentials through HTTP: answers, lockout per address, limit per source. */
describe('POST /api/user/check-credentials', () => {
  let t: TestApp;
  let acme: TestClient;
  let activeId: string;
  let source = 0;

  beforeAll(async () => {
    // Sources are told apart by X-Forwarded-For here: each test speaks from its own address.
    t = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        CREDENTIALS_RATE_LIMIT: '60',
        CREDENTIALS_ADDRESS_FAILURE_LIMIT: '14',
      },
    });
    acme = await createClient(t.app, { role: Role.Admin });
    const active = await invite(t, acme.token, { email: 'active@example.com' });
    activeId = active.id;
    await acceptInvitation(t, active.link, { password: PASSWORD, confirmation: PASSWORD });
    await invite(t, acme.token, { email: 'pending@example.com' });
  });
  afterAll(() => t.close());

  beforeEach(() => {
    source += 1;
  });
  const check = (body: unknown, from = `10.0.0.${source}`) =>
    request(t.http)
      .post('/api/user/check-credentials')
      .set('X-Forwarded-For', from)
      .send(body as object);

  it('answers the user id as a JSON string for the right password (any case of the e-mail)', async () => {
    const res = await check({ email: ' Active@EXAMPLE.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe(JSON.stringify(activeId));
  });

  it.each([
    ['a wrong password', { email: 'active@example.com', password: 'wrong password 1' }],
    ['an unknown e-mail', { email: 'nobody@example.com', password: PASSWORD }],
    ['a user who has not accepted', { email: 'pending@example.com', password: PASSWORD }],
    ['a malformed e-mail', { email: 'not an address', password: PASSWORD }],
    ['an empty password', { email: 'active@example.com', password: '' }],
  ])('answers null for %s', async (_what, body) => {
    const res = await check(body);
    expect(res.status).toBe(200);
    expect(res.text).toBe('null');
  });

  it('needs no token, and ignores one', async () => {
    const res = await check({ email: 'active@example.com', password: PASSWORD }).set(
      'SERVICE_API_TOKEN',
      'pci_not-a-token',
    );
    expect(res.text).toBe(JSON.stringify(activeId));
  });

  it.each([
    [{ email: 'active@example.com' }, 'password'],
    [{ password: PASSWORD }, 'email'],
    [{ email: 42, password: PASSWORD }, 'email'],
    [[], 'email'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    expect(res.text).toContain(field);
  });

  it('refuses an address to a source for a while after 10 failures from it (429 with Retry-After), also the right password', async () => {
    const { link } = await invite(t, acme.token, { email: 'locked@example.com' });
    await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    for (let i = 0; i < 10; i++) {
      const res = await check({ email: 'locked@example.com', password: `wrong ${i}` });
      expect(res.text).toBe('null');
    }
    for (const password of ['wrong again', PASSWORD]) {
      const res = await check({ email: 'LOCKED@example.com', password });
      expect(res.status).toBe(429);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe(
        'Too many failed attempts for this e-mail address from this source; try again in 15 minutes.',
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    }
    // Other addresses are not affected.
    expect((await check({ email: 'active@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('does not let a stranger lock the real user out: the right password from another source still works', async () => {
    const { link } = await invite(t, acme.token, { email: 'target@example.com' });
    const user = await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    expect(user.status).toBe(200);
    const stranger = `10.3.0.${source}`;
    for (let i = 0; i < 11; i++)
      await check({ email: 'target@example.com', password: `guess ${i}` }, stranger);
    expect(
      (await check({ email: 'target@example.com', password: PASSWORD }, stranger)).status,
    ).toBe(429);
    const real = await check(
      { email: 'target@example.com', password: PASSWORD },
      `10.4.0.${source}`,
    );
    expect(real.status).toBe(200);
    expect(real.text).not.toBe('null');
  });

  it('past CREDENTIALS_ADDRESS_FAILURE_LIMIT failures from all sources, lets only a source that has not failed try, once', async () => {
    const { link } = await invite(t, acme.token, { email: 'spread@example.com' });
    await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    const from = (n: number) => `10.5.${source}.${n}`;
    // 14 failures (the limit here) from 7 sources, 2 each.
    for (let n = 0; n < 7; n++)
      for (const guess of ['a guess', 'another guess'])
        expect(
          (await check({ email: 'spread@example.com', password: `${guess} ${n}` }, from(n))).text,
        ).toBe('null');
    // The address is now blocked: a source that has failed for it is refused, even the right password…
    const failedBefore = await check({ email: 'spread@example.com', password: PASSWORD }, from(1));
    expect(failedBefore.status).toBe(429);
    // …a new source gets one try: the right password works, a wrong one gets no second try.
    const real = await check({ email: 'spread@example.com', password: PASSWORD }, from(100));
    expect(real.status).toBe(200);
    expect(real.text).not.toBe('null');
    expect((await check({ email: 'spread@example.com', password: 'y' }, from(101))).text).toBe(
      'null',
    );
    expect(
      (await check({ email: 'spread@example.com', password: PASSWORD }, from(101))).status,
    ).toBe(429);
  });

  it('counts concurrent attempts before they end: a burst from one source gets no more than 10 tries', async () => {
    const { link } = await invite(t, acme.token, { email: 'burst@example.com' });
    await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        check({ email: 'burst@example.com', password: `guess ${i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it('never matches a password longer than any that can be set (256 characters)', async () => {
    const res = await check({
      email: 'active@example.com',
      password: `${PASSWORD}${'x'.repeat(300)}`,
    });
    expect(res.text).toBe('null');
  });

  it('limits each source address to CREDENTIALS_RATE_LIMIT attempts a minute (429 "Rate limit exceeded.")', async () => {
    const from = '192.0.2.77';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        check({ email: `spray${i}@example.com`, password: 'guess' }, from),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    const over = await check({ email: 'active@example.com', password: PASSWORD }, from);
    expect(over.status).toBe(429);
    expect(over.text).toBe('Rate limit exceeded.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another source still gets through.
    const other = await check({ email: 'active@example.com', password: PASSWORD }, '192.0.2.78');
    expect(other.status).toBe(200);
  });
});
