import request from 'supertest';
import { TokensService } from '../../src/clients';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { ManualClock } from '../support/manual-clock';
import { runCli } from '../support/run-cli';
import { createTestApp, TestApp } from '../setup/test-app';

/** The 401 of a token the service does not know: what an expired token must get, exactly. */
async function unknownTokenAnswer(t: TestApp) {
  const res = await request(t.http)
    .get('/api/clients/current')
    .set('SERVICE_API_TOKEN', 'pci_thisTokenDoesNotExist0000000000000000000');
  expect(res.status).toBe(401);
  return {
    status: res.status,
    text: res.text,
    type: res.headers['content-type'],
    challenge: res.headers['www-authenticate'],
  };
}

// Tests that run child processes have budgets sized in test/support/budgets.ts.
describe('Tokens that expire', () => {
  describe('on the services’ clock', () => {
    const clock = new ManualClock();
    let t: TestApp;
    let client: TestClient;
    beforeAll(async () => {
      t = await createTestApp({ clock });
      client = await createClient(t.app, { role: Role.ServiceAdmin });
    });
    afterAll(() => t.close());

    const current = (token: string) =>
      request(t.http).get('/api/clients/current').set('SERVICE_API_TOKEN', token);

    it('work until their expiry, then get the 401 of an unknown token (cached or not)', async () => {
      const issued = await t.app
        .get(TokensService)
        .issue(client.handle, { role: Role.User, label: 'short-lived' }, 90_000);
      expect(issued.expiresAt).toBe(new Date(clock.now().getTime() + 90_000).toISOString());

      await current(issued.token).expect(200);
      clock.advance(89_500);
      // Looked up again (the cached lookup is older than its 1 s) and cached until the expiry.
      await current(issued.token).expect(200);
      clock.advance(600);
      const expired = await current(issued.token);
      expect({
        status: expired.status,
        text: expired.text,
        type: expired.headers['content-type'],
        challenge: expired.headers['www-authenticate'],
      }).toEqual(await unknownTokenAnswer(t));
      expect(expired.headers['www-authenticate']).toMatch(/^ApiKey header="SERVICE_API_TOKEN"/);
      clock.advance(60_000);
      await current(issued.token).expect(401);
    });

    it('shows the expiry in the admin listing; tokens without one never expire', async () => {
      const forever = await t.app
        .get(TokensService)
        .issue(client.handle, { role: Role.User, label: 'forever' });
      expect(forever.expiresAt).toBeNull();
      const listed = await request(t.http)
        .get(`/admin/clients/${client.handle}/tokens`)
        .set('SERVICE_API_TOKEN', client.token)
        .expect(200);
      const byLabel = new Map(
        (listed.body as { label: string | null; expiresAt: string | null }[]).map((tk) => [
          tk.label,
          tk.expiresAt,
        ]),
      );
      expect(byLabel.get('short-lived')).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
      expect(byLabel.get('forever')).toBeNull();
      clock.advance(10 * 365 * 86_400_000);
      await current(forever.token).expect(200);
    });
  });

  describe('from the CLI (`token create --expires-in`)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await createClient(t.app, { handle: 'expiring' });
    });
    afterAll(() => t.close());

    it('stores and prints the expiry; the token works until then', async () => {
      const before = Date.now();
      const res = await runCli(
        t.db.env,
        'token',
        'create',
        'expiring',
        '--role',
        'User',
        '--expires-in',
        '15m',
      );
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const meta = JSON.parse(res.stdout.slice(0, res.stdout.lastIndexOf('}') + 1)) as {
        id: string;
        expiresAt: string;
      };
      const expiresAt = Date.parse(meta.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
      const [row] = await t.dataSource.query<{ expires_at: Date }[]>(
        'SELECT expires_at FROM api_token WHERE id = $1',
        [meta.id],
      );
      expect(row.expires_at.toISOString()).toBe(meta.expiresAt);
      await request(t.http)
        .get('/api/clients/current')
        .set('SERVICE_API_TOKEN', res.lastLine)
        .expect(200);

      // Without --expires-in: no expiry, as before.
      const forever = await runCli(t.db.env, 'token', 'create', 'expiring', '--role', 'User');
      expect(forever.code).toBe(0);
      expect(forever.stdout).toContain('"expiresAt": null');
    }, 160_000);

    it.each([
      ['0s', '"0s" is not a positive duration'],
      ['-5m', '"-5m" is not a duration'],
      ['1w', '"1w" is not a duration: use a positive whole number and a unit s, m, h or d'],
      ['15', '"15" is not a duration'],
      ['9999d', '"9999d" is longer than the maximum of 3650d'],
    ])(
      'rejects --expires-in %s with a usage error (exit 2) and issues nothing',
      async (value, message) => {
        const count = async () =>
          (await t.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM api_token'))[0]
            .n;
        const tokens = await count();
        const res = await runCli(
          t.db.env,
          'token',
          'create',
          'expiring',
          '--role',
          'User',
          `--expires-in=${value}`,
        );
        expect(res.code).toBe(2);
        expect(res.stdout).toBe('');
        expect(res.stderr).toContain(`--expires-in: ${message}`);
        expect(await count()).toBe(tokens);
      },
    );
  });
});
