import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';
import { acceptInvitation, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const MINUTE = 60_000;

interface Signed {
  cookie: string;
  value: string;
  csrf: string;
  setCookie: string;
}

/**
 * The console's sessions through HTTP (docs/design.md §3): sign-in, the cookie's flags, CSRF and
 * cross-site refusal, fixation, sign-out (here and everywhere), idle and absolute expiry, a
 * disabled user, and that an API token is not a session.
 */
describe('Console sessions (POST, GET, DELETE /api/session; DELETE /api/sessions)', () => {
  let t: TestApp;
  let acme: TestClient;
  const clock = new ManualClock();
  let adminId: string;
  let userId: string;
  let source = 0;

  beforeAll(async () => {
    // Sources are told apart by X-Forwarded-For: each test signs in from its own address.
    t = await createTestApp({
      clock,
      env: {
        TRUST_PROXY: 'true',
        CREDENTIALS_RATE_LIMIT: '60',
        SESSION_IDLE_MINUTES: '30',
        SESSION_LIFETIME_HOURS: '2',
      },
    });
    acme = await createClient(t.app, { role: Role.Admin });
    for (const [email, role] of [
      ['admin@example.com', 'Admin'],
      ['user@example.com', 'User'],
    ]) {
      const { id, link } = await invite(t, acme.token, { email, role });
      await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
      if (role === 'Admin') adminId = id;
      else userId = id;
    }
  });
  afterAll(() => t.close());
  beforeEach(() => {
    source += 1;
  });

  const from = () => `10.1.0.${source}`;
  const signInRaw = (body: object, headers: Record<string, string> = {}) =>
    request(t.http).post('/api/session').set('X-Forwarded-For', from()).set(headers).send(body);

  async function signIn(email = 'admin@example.com', headers: Record<string, string> = {}) {
    const res = await signInRaw({ email, password: PASSWORD }, headers);
    expect(res.status).toBe(201);
    const setCookie = (res.headers['set-cookie'] as unknown as string[])[0];
    const cookie = setCookie.split(';')[0];
    const value = cookie.slice(cookie.indexOf('=') + 1);
    return { cookie, value, csrf: (res.body as { csrfToken: string }).csrfToken, setCookie };
  }
  const get = (path: string, s: Signed) => request(t.http).get(path).set('Cookie', s.cookie);
  const problem = (res: request.Response) => (JSON.parse(res.text) as { code?: string }).code;

  it('signs in: 201 with the user, the client and a CSRF token; the cookie is HttpOnly, SameSite=Strict, Path=/, not readable elsewhere', async () => {
    const s = await signIn(' Admin@EXAMPLE.com');
    expect(s.setCookie).toMatch(/^pci_session=[A-Za-z0-9_-]{43}; /);
    expect(s.setCookie).toMatch(/; HttpOnly/);
    expect(s.setCookie).toMatch(/; SameSite=Strict/);
    expect(s.setCookie).toMatch(/; Path=\//);
    expect(s.setCookie).toMatch(/; Max-Age=7200/);
    expect(s.setCookie).not.toMatch(/Domain=/);
    const res = await get('/api/session', s);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { id: adminId, email: 'admin@example.com', role: 'Admin' },
      client: { handle: acme.handle, sandbox: false },
      csrfToken: s.csrf,
      idleTimeoutSeconds: 1800,
    });
    expect(Date.parse((res.body as { expiresAt: string }).expiresAt)).toBe(
      clock.now().getTime() + 2 * 60 * MINUTE,
    );
  });

  it('stores only the hash of the session and never logs it', async () => {
    const s = await signIn();
    const rows: { session_hash: string }[] = await t.dataSource.query(
      'SELECT session_hash FROM user_session WHERE session_hash = encode(sha256($1::bytea), $2)',
      [s.value, 'hex'],
    );
    expect(rows).toHaveLength(1);
    const stored: unknown[] = await t.dataSource.query(
      'SELECT 1 FROM user_session WHERE session_hash = $1',
      [s.value],
    );
    expect(stored).toHaveLength(0);
    await get('/api/users', s).expect(200);
    expect(t.logs()).not.toContain(s.value);
    expect(t.logs()).not.toContain(s.csrf);
  });

  it('over HTTPS (the proxy says so) the cookie is __Host-pci_session and Secure, and only that name is read', async () => {
    const s = await signIn('admin@example.com', { 'X-Forwarded-Proto': 'https' });
    expect(s.setCookie).toMatch(/^__Host-pci_session=/);
    expect(s.setCookie).toMatch(/; Secure/);
    const https = await request(t.http)
      .get('/api/session')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', s.cookie);
    expect(https.status).toBe(200);
    const plainName = await request(t.http)
      .get('/api/session')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', `pci_session=${s.value}`);
    expect(plainName.status).toBe(401);
  });

  it('acts as its user with the role the user has: an Admin lists users, a User gets 403', async () => {
    const admin = await signIn();
    const list = await get('/api/users', admin);
    expect(list.status).toBe(200);
    const user = await signIn('user@example.com');
    const refused = await get('/api/users', user);
    expect(refused.status).toBe(403);
  });

  it.each([
    ['a wrong password', { email: 'admin@example.com', password: 'wrong password 1' }],
    ['an unknown e-mail', { email: 'nobody@example.com', password: PASSWORD }],
  ])('answers 401 SIGN_IN_FAILED, setting no cookie, for %s', async (_what, body) => {
    const res = await signInRaw(body, { Accept: 'application/problem+json' });
    expect(res.status).toBe(401);
    expect(problem(res)).toBe('SIGN_IN_FAILED');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 naming the field for a body without a password', async () => {
    const res = await signInRaw({ email: 'admin@example.com' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('password');
  });

  it('locks a source out after 10 failures for an address (429), the right password too', async () => {
    for (let i = 0; i < 10; i++)
      expect((await signInRaw({ email: 'user@example.com', password: `wrong ${i}` })).status).toBe(
        401,
      );
    const locked = await signInRaw({ email: 'user@example.com', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('refuses a sign-in another site makes (Sec-Fetch-Site, Origin): 403 CROSS_SITE_REQUEST', async () => {
    const cases: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
    ];
    for (const headers of cases) {
      const res = await signInRaw(
        { email: 'admin@example.com', password: PASSWORD },
        { ...headers, Accept: 'application/problem+json' },
      );
      expect(res.status).toBe(403);
      expect(problem(res)).toBe('CROSS_SITE_REQUEST');
    }
  });

  it('never keeps a session the browser brought: the presented one ends, a new one is made (no fixation)', async () => {
    const first = await signIn();
    const planted = 'A'.repeat(43);
    const again = await signIn('admin@example.com', { Cookie: `${first.cookie}` });
    expect(again.value).not.toBe(first.value);
    expect((await get('/api/session', first)).status).toBe(401);
    expect((await get('/api/session', again)).status).toBe(200);
    const fresh = await signIn('admin@example.com', { Cookie: `pci_session=${planted}` });
    expect(fresh.value).not.toBe(planted);
  });

  it('needs the CSRF token for a change under a session (403 without or wrong; done with it)', async () => {
    const s = await signIn();
    const patch = (csrf?: string) => {
      const req = request(t.http)
        .patch(`/api/users/${userId}`)
        .set('Cookie', s.cookie)
        .set('Accept', 'application/problem+json');
      return (csrf === undefined ? req : req.set('X-CSRF-Token', csrf)).send({ role: 'User' });
    };
    for (const csrf of [undefined, 'x'.repeat(43), '']) {
      const res = await patch(csrf);
      expect(res.status).toBe(403);
      expect(problem(res)).toBe('CSRF_TOKEN_REQUIRED');
    }
    const other = await signIn();
    expect((await patch(other.csrf)).status).toBe(403);
    expect((await patch(s.csrf)).status).toBe(200);
  });

  it('refuses a session request another site makes, safe methods too', async () => {
    const s = await signIn();
    const res = await get('/api/users', s).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Sec-Fetch-Site: cross-site');
    expect((await get('/api/users', s).set('Sec-Fetch-Site', 'same-origin')).status).toBe(200);
  });

  it('signs out: 403 without the CSRF token, then 204, the cookie cleared and the session dead even if kept', async () => {
    const s = await signIn();
    const bare = await request(t.http).delete('/api/session').set('Cookie', s.cookie);
    expect(bare.status).toBe(403);
    const out = await request(t.http)
      .delete('/api/session')
      .set('Cookie', s.cookie)
      .set('X-CSRF-Token', s.csrf);
    expect(out.status).toBe(204);
    expect((out.headers['set-cookie'] as unknown as string[])[0]).toMatch(
      /^pci_session=; .*Expires=Thu, 01 Jan 1970/,
    );
    const reused = await get('/api/users', s).set('Accept', 'application/problem+json');
    expect(reused.status).toBe(401);
    expect(problem(reused)).toBe('SESSION_ENDED');
    // Without a session there is nothing to protect: signing out again is 204.
    expect((await request(t.http).delete('/api/session')).status).toBe(204);
  });

  it('signs out everywhere: every session of the user ends, the other user keeps theirs', async () => {
    const here = await signIn();
    const there = await signIn();
    const someoneElse = await signIn('user@example.com');
    const res = await request(t.http)
      .delete('/api/sessions')
      .set('Cookie', here.cookie)
      .set('X-CSRF-Token', here.csrf);
    expect(res.status).toBe(204);
    expect((await get('/api/session', here)).status).toBe(401);
    expect((await get('/api/session', there)).status).toBe(401);
    expect((await get('/api/session', someoneElse)).status).toBe(200);
  });

  it('ends after SESSION_IDLE_MINUTES without a request; requests keep it alive', async () => {
    const kept = await signIn();
    const idle = await signIn();
    for (let i = 0; i < 3; i++) {
      clock.advance(20 * MINUTE);
      expect((await get('/api/session', kept)).status).toBe(200);
    }
    expect((await get('/api/session', idle)).status).toBe(401);
  });

  it('ends SESSION_LIFETIME_HOURS after sign-in, however busy', async () => {
    const s = await signIn();
    for (let i = 0; i < 5; i++) {
      clock.advance(20 * MINUTE);
      expect((await get('/api/session', s)).status).toBe(200);
    }
    clock.advance(20 * MINUTE);
    expect((await get('/api/session', s)).status).toBe(401);
  });

  it("ends a user's sessions when an Admin disables the user; enabling again does not revive them", async () => {
    const { id, link } = await invite(t, acme.token, { email: 'leaver@example.com' });
    await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    const s = await signIn('leaver@example.com');
    expect((await get('/api/session', s)).status).toBe(200);
    for (const status of ['Disabled', 'Active'])
      await request(t.http)
        .patch(`/api/users/${id}`)
        .set('SERVICE_API_TOKEN', acme.token)
        .send({ status })
        .expect(200);
    expect((await get('/api/session', s)).status).toBe(401);
  });

  it('answers 401 SESSION_REQUIRED to an API token on the session routes', async () => {
    for (const req of [
      request(t.http).get('/api/session'),
      request(t.http).delete('/api/sessions'),
    ]) {
      const res = await req
        .set('SERVICE_API_TOKEN', acme.token)
        .set('Accept', 'application/problem+json');
      expect(res.status).toBe(401);
      expect(problem(res)).toBe('SESSION_REQUIRED');
    }
  });

  it('answers 401 for a made-up or malformed cookie, as for no session', async () => {
    for (const value of ['A'.repeat(43), 'short', '%00%ff']) {
      const res = await request(t.http).get('/api/users').set('Cookie', `pci_session=${value}`);
      expect(res.status).toBe(401);
    }
  });
});
