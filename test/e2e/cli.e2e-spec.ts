import { MessageOutbox } from '../../src/messages';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { CACHE_TTL_MS } from '../../src/clients';
import { Role } from '../../src/common/auth/role';
import { MIGRATIONS } from '../../src/database/migrations';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { testEmail } from '../support/messages';
import { assertCliBuilt, runCli, spawnCli } from '../support/run-cli';

/** The CLI uses the server's Redis too, as operators run it (revocations are published there). */
const redisEnv: Record<string, string> = process.env.REDIS_URL
  ? { REDIS_URL: process.env.REDIS_URL }
  : {};

// Tests that run child processes have budgets sized in test/support/budgets.ts.
describe('CLI (its program in this process; the built file as operators run it where the process matters)', () => {
  beforeAll(() => {
    assertCliBuilt();
  });

  describe('next to a running server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('creates clients and tokens in the same database the server uses, token alone on the last line', async () => {
      const created = await runCli(
        t.db.env,
        'client',
        'create',
        'Ops',
        '--name',
        'Operations',
        '--plan',
        'enterprise',
      );
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({
        handle: 'ops',
        name: 'Operations',
        plan: 'enterprise',
      });

      const token = await runCli(
        t.db.env,
        'token',
        'create',
        'ops',
        '--role',
        'serviceadmin',
        '--label',
        'ci',
      );
      expect(token.code).toBe(0);
      expect(token.lastLine).toMatch(/^pci_[A-Za-z0-9_-]{43}$/);
      const meta = JSON.parse(
        token.stdout.slice(0, token.stdout.lastIndexOf(token.lastLine)),
      ) as Record<string, unknown>;
      expect(meta).toMatchObject({ clientHandle: 'ops', role: 'ServiceAdmin', label: 'ci' });
      expect(meta).not.toHaveProperty('token');

      const res = await request(t.http)
        .get('/admin/clients')
        .set('SERVICE_API_TOKEN', token.lastLine);
      expect(res.status).toBe(200);
      expect(res.body.map((c: { handle: string }) => c.handle)).toContain('ops');

      const list = await runCli(t.db.env, 'client', 'list', '--json');
      expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ handle: 'ops' })]);
      const table = (await runCli(t.db.env, 'client', 'list')).stdout.split('\n');
      expect(table[0]).toMatch(/^HANDLE\s+NAME\s+PLAN\s+SANDBOX\s+CREATED$/);
      expect(table[1]).toMatch(/^ops\s+Operations\s+enterprise\s+no\s+\d{4}-/);

      // The server remembers the token's lookup (up to CACHE_TTL_MS); the CLI is another process,
      // so the server learns of the revocation through Redis when both use it, or when its entry
      // ends. Either way the token stops working.
      const status = async () =>
        (await request(t.http).get('/admin/clients').set('SERVICE_API_TOKEN', token.lastLine))
          .status;
      expect(await status()).toBe(200);
      const revoked = await runCli(
        { ...t.db.env, ...redisEnv },
        'token',
        'revoke',
        token.lastLine.slice(0, 12),
      );
      expect(revoked.code).toBe(0);
      expect(JSON.parse(revoked.stdout).revokedAt).toMatch(/Z$/);
      const deadline = Date.now() + CACHE_TTL_MS + 5000;
      while ((await status()) === 200 && Date.now() < deadline) await sleep(50);
      expect(await status()).toBe(401);
    }, 200_000);

    it('creates designed recipe sets, installing the demo product first, and prints their ids as JSON', async () => {
      await runCli(t.db.env, 'client', 'create', 'shop', '--name', 'Shop');
      const res = await runCli(t.db.env, 'recipe-set', 'create', 'shop', '--count', '3');
      expect(res.code).toBe(0);
      // Progress on stderr (stdout stays the JSON result): the demo product, then each set.
      expect(res.stderr).toContain('installing demo-tee (1 of 1)');
      expect(res.stderr).toMatch(/^recipe set 3 of 3 created \([A-HJ-NP-Z2-9]{8}\)$/m);
      const created = JSON.parse(res.stdout) as { readableId: string; uuid: string }[];
      expect(created).toHaveLength(3);
      for (const r of created) {
        expect(r).toEqual({
          readableId: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          productHandle: 'demo-tee',
          status: 'Created',
        });
      }
      // Real designs: text on the front and the uploaded demo image on the back.
      const token = (await runCli(t.db.env, 'token', 'create', 'shop', '--role', 'User')).lastLine;
      const read = await request(t.http)
        .get(`/api/recipesets/${created[0].readableId}`)
        .set('SERVICE_API_TOKEN', token);
      expect(read.status).toBe(200);
      expect(read.body.data.design.front.elements).toEqual([
        expect.objectContaining({ type: 'text', text: 'Demo 1', font: 'roboto-bold' }),
      ]);
      const [image] = read.body.data.design.back.elements;
      expect(image).toMatchObject({ type: 'image' });
      const upload = await request(t.http)
        .get(`/api/assets/uploaded/${image.uploadedAssetId}`)
        .set('SERVICE_API_TOKEN', token);
      expect(upload.body.data).toMatchObject({ mimeType: 'image/png', width: 600, height: 600 });

      const bottle = await runCli(
        t.db.env,
        'recipe-set',
        'create',
        'shop',
        '--product',
        'demo-bottle',
      );
      expect(bottle.code).toBe(0);
      const [wrap] = JSON.parse(bottle.stdout) as { readableId: string }[];
      const designed = await request(t.http)
        .get(`/api/recipesets/${wrap.readableId}`)
        .set('SERVICE_API_TOKEN', token);
      expect(Object.keys(designed.body.data.design)).toEqual(['wrap']);

      const products = await runCli(t.db.env, 'product', 'list', 'shop', '--json');
      expect(products.code).toBe(0);
      expect((JSON.parse(products.stdout) as { handle: string }[]).map((p) => p.handle)).toEqual([
        'demo-bottle',
        'demo-tee',
      ]);
      // Installing again changes nothing.
      const again = await runCli(t.db.env, 'catalog', 'install-demo', 'shop');
      expect(JSON.parse(again.stdout)).toEqual({
        installed: [],
        unchanged: ['demo-tee', 'demo-bottle'],
      });
      const installed = await runCli(t.db.env, 'catalog', 'install-demo', 'acme');
      expect(installed.code).toBe(1);

      const mug = await runCli(t.db.env, 'recipe-set', 'create', 'shop', '--product', 'mug');
      expect(mug.code).toBe(1);
      expect(mug.stderr).toContain('Product mug was not found.');
      expect((await runCli(t.db.env, 'recipe-set', 'create', 'shop', '--count', '0')).code).toBe(2);
      expect((await runCli(t.db.env, 'recipe-set', 'create', 'ghost')).code).toBe(1);
    }, 320_000);

    it('lists the outbox decrypted, newest first, by status (messages held without SMTP_URL)', async () => {
      const [id] = await t.app.get(MessageOutbox).enqueue([testEmail('ops@example.com')]);
      const listed = await runCli(
        t.db.env,
        'outbox',
        'list',
        '--status',
        'held',
        '--limit',
        '5',
        '--json',
      );
      expect(listed.code).toBe(0);
      const messages = JSON.parse(listed.stdout) as {
        id: string;
        status: string;
        message: unknown;
      }[];
      expect(messages[0]).toMatchObject({
        id,
        status: 'held',
        message: testEmail('ops@example.com'),
      });
      expect((await runCli(t.db.env, 'outbox', 'list', '--status', 'lost')).code).toBe(2);
      expect((await runCli(t.db.env, 'outbox', 'list', '--limit', '0')).code).toBe(2);
    }, 180_000);

    it("switches a client's sharing off and on (client set-sharing)", async () => {
      const client = await createClient(t.app);
      const sharing = async () =>
        (
          await t.dataSource.query<{ sharing_enabled: boolean }[]>(
            'SELECT sharing_enabled FROM client_account WHERE handle = $1',
            [client.handle],
          )
        )[0].sharing_enabled;
      expect(await sharing()).toBe(true);
      const off = await runCli(t.db.env, 'client', 'set-sharing', client.handle, 'OFF');
      expect(off.code).toBe(0);
      expect(JSON.parse(off.stdout)).toMatchObject({
        handle: client.handle,
        sharingEnabled: false,
      });
      expect(await sharing()).toBe(false);
      expect((await runCli(t.db.env, 'client', 'set-sharing', client.handle, 'on')).code).toBe(0);
      expect(await sharing()).toBe(true);
      const bad = await runCli(t.db.env, 'client', 'set-sharing', client.handle, 'maybe');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('Say on or off');
      const ghost = await runCli(t.db.env, 'client', 'set-sharing', 'ghost', 'off');
      expect(ghost.code).toBe(1);
      expect(ghost.stderr.trim()).toBe('Client ghost was not found.');
    }, 200_000);

    it('fails with a clear message and exit codes 1 (refused) and 2 (usage)', async () => {
      const dup = await runCli(t.db.env, 'client', 'create', 'dup', '--name', 'A');
      expect(dup.code).toBe(0);
      // The built CLI's exit status, as a script running `pci` sees it.
      const again = await spawnCli(t.db.env, 'client', 'create', 'dup', '--name', 'B');
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe('Client handle dup already exists.');
      const badRole = await runCli(t.db.env, 'token', 'create', 'dup', '--role', 'root');
      expect(badRole.code).toBe(2);
      expect(badRole.stderr).toContain('Unknown role root');
      const noClient = await runCli(t.db.env, 'token', 'create', 'ghost', '--role', 'User');
      expect(noClient.code).toBe(1);
      expect(noClient.stderr.trim()).toBe('Client ghost was not found.');
      expect((await runCli(t.db.env, 'frobnicate')).code).toBe(2);
      expect((await spawnCli(t.db.env, 'frobnicate')).code).toBe(2);
    }, 220_000);

    it('refuses exactly the client handles the API refuses (usage error, exit 2)', async () => {
      const admin = await createClient(t.app, { role: Role.ServiceAdmin });
      const api = (handle: string) =>
        request(t.http)
          .post('/admin/clients')
          .set('SERVICE_API_TOKEN', admin.token)
          .send({ handle, name: 'Name' });
      const refused = [
        '',
        'a',
        'Acme Apparel',
        '-acme',
        '_acme',
        'acme!',
        'café',
        'a/b',
        'x'.repeat(65),
      ];
      for (const handle of refused) {
        // After `--`, a handle starting with "-" is not read as an option.
        const res = await runCli(t.db.env, 'client', 'create', '--name', 'Name', '--', handle);
        expect({ handle, code: res.code, stdout: res.stdout }).toEqual({
          handle,
          code: 2,
          stdout: '',
        });
        expect(res.stderr.trim()).toBe(
          `Invalid client handle ${JSON.stringify(handle)}: it must be 2–64 characters of a-z, 0-9, "-" or "_", starting with a letter or digit.`,
        );
        expect({ handle, status: (await api(handle)).status }).toEqual({ handle, status: 400 });
      }
      // Accepted by both, stored in the same normalized form: the API then finds it taken.
      for (const handle of ['A1', ' Mixed-Case_9 ', '9'.repeat(64)]) {
        const res = await runCli(t.db.env, 'client', 'create', handle, '--name', 'Name');
        expect({ handle, code: res.code }).toEqual({ handle, code: 0 });
        expect(JSON.parse(res.stdout).handle).toBe(handle.trim().toLowerCase());
        expect({ handle, status: (await api(handle)).status }).toEqual({ handle, status: 409 });
      }
    }, 360_000);
  });

  // Always embedded: the CLI's environment is built from scratch, so no DATABASE_URL leaks in.
  describe('on an embedded data directory with no server running', () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'pci-cli-'));
    });
    afterAll(() => rm(dataDir, { recursive: true, force: true }));

    it('migrates, seeds the demo client once and prints its token', async () => {
      const env = { DATA_DIR: dataDir };
      const migrated = await spawnCli(env, 'migrate');
      expect(migrated.code).toBe(0);
      // Progress on stderr, one line per migration; and nothing else: no background task starts
      // in a command (an hourly purge would warn here: no tables yet).
      const n = MIGRATIONS.length;
      expect(migrated.stderr.trim().split('\n')).toEqual([
        `migrations: ${n} of ${n} to apply`,
        ...MIGRATIONS.map((m, i): unknown =>
          expect.stringMatching(
            new RegExp(`^migration ${i + 1}/${n} applied: ${m.name} \\(\\d+ ms\\)$`),
          ),
        ),
        expect.stringMatching(new RegExp(`^migrations: ${n} applied in \\d+ ms$`)),
      ]);
      expect(JSON.parse(migrated.stdout)).toEqual({ applied: MIGRATIONS.map((m) => m.name) });

      const seeded = await spawnCli(env, 'demo', 'seed');
      expect(seeded.code).toBe(0);
      expect(seeded.lastLine).toMatch(/^pci_/);
      const meta = JSON.parse(
        seeded.stdout.slice(0, seeded.stdout.lastIndexOf(seeded.lastLine)),
      ) as {
        recipeSets: string[];
        consoleUser: string;
        passwordFile: string;
      };
      expect(meta.recipeSets).toHaveLength(5);
      // The console user's password is in its owner-only file, not in the output.
      expect(meta.consoleUser).toBe('alex.morgan@example.com');
      expect((await stat(meta.passwordFile)).mode & 0o777).toBe(0o600);
      const password = (await readFile(meta.passwordFile, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(seeded.stdout + seeded.stderr).not.toContain(password);
      const again = await spawnCli(env, 'demo', 'seed');
      expect(JSON.parse(again.stdout)).toEqual({
        created: false,
        clientHandle: 'demo',
        recipeSets: ['DEMTEE2A', 'DEMTEE2B', 'DEMTEE2C', 'DEMTEE2D', 'DEMTEE2E'],
      });
      const again2 = await spawnCli(env, 'migrate');
      expect(again2.stdout.trim()).toBe(JSON.stringify({ applied: [] }, null, 2));
      expect(again2.stderr).toBe(`migrations: up to date (${MIGRATIONS.length} applied)\n`);
    }, 300_000);
  });
});
