import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { freePort } from '../../scripts/lib/ports';
import { Role } from '../../src/common/auth/role';
import { MIGRATIONS } from '../../src/database/migrations';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { assertCliBuilt, CLI, runCli, spawnCli } from '../support/run-cli';

const ROOT = join(__dirname, '..', '..');

// Tests that run child processes have budgets sized in test/support/budgets.ts.
describe('CLI: version, help, tokens, users, migrations and config check', () => {
  let t: TestApp;
  let a: TestClient;

  beforeAll(async () => {
    assertCliBuilt();
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(() => t.close());

  it('prints its version and build commit, and describes every command', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
      bin: Record<string, string>;
    };
    expect(pkg.bin).toEqual({ pci: 'dist/src/cli.js' });
    expect(readFileSync(CLI, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const { commit } = JSON.parse(readFileSync(join(ROOT, 'dist', 'build-info.json'), 'utf8')) as {
      commit: string;
    };
    const version = await spawnCli({}, '--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      commit === 'unknown' ? pkg.version : `${pkg.version} (commit ${commit})`,
    );

    // Every command and subcommand of the help has a description after its name.
    const help = async (...path: string[]) => (await runCli({}, ...path, '--help')).stdout;
    const commandsOf = (text: string) =>
      text
        .slice(text.indexOf('Commands:'))
        .split('\n')
        .slice(1)
        .filter((l) => /^ {2}\S/.test(l));
    const top = commandsOf(await help());
    expect(top.length).toBeGreaterThan(10);
    for (const line of top) expect(line).toMatch(/^ {2}\S.*\S {2,}\S/);
    for (const group of ['client', 'token', 'user', 'jobs', 'webhooks', 'config']) {
      const subcommands = commandsOf(await help(group));
      expect({ group, n: subcommands.length > 0 }).toEqual({ group, n: true });
      for (const line of subcommands)
        expect({ group, line }).toEqual({
          group,
          line: expect.stringMatching(/^ {2}\S.*\S {2,}\S/),
        });
    }
  }, 300_000);

  it('lists tokens without their secrets, as a table or JSON', async () => {
    const issued = await runCli(
      t.db.env,
      'token',
      'create',
      a.handle,
      '--role',
      'User',
      '--label',
      'erp',
      '--expires-in',
      '7d',
    );
    expect(issued.code).toBe(0);
    const secret = issued.lastLine;
    const listed = await runCli(t.db.env, 'token', 'list', a.handle, '--json');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(secret);
    expect(listed.stdout).not.toMatch(/tokenHash|token_hash|"token"/);
    const tokens = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          prefix: secret.slice(0, 12),
          label: 'erp',
          role: 'User',
          expiresAt: expect.stringMatching(/Z$/),
          revokedAt: null,
        }),
      ]),
    );
    const table = await runCli(t.db.env, 'token', 'list', a.handle);
    expect(table.stdout).not.toContain(secret);
    expect(table.stdout.split('\n')[0]).toMatch(
      /^ID\s+PREFIX\s+LABEL\s+ROLE\s+CREATED\s+EXPIRES\s+LAST USED\s+REVOKED$/,
    );
    expect(table.stdout).toMatch(new RegExp(`\\s${secret.slice(0, 12)}\\s+erp\\s+User\\s`));
    const ghost = await runCli(t.db.env, 'token', 'list', 'ghost');
    expect(ghost.code).toBe(1);
    expect(ghost.stderr.trim()).toBe('Client ghost was not found.');
  }, 200_000);

  it('invites, lists, disables and enables users as the API does', async () => {
    const invited = await runCli(
      t.db.env,
      'user',
      'invite',
      a.handle,
      'Jane@Example.com',
      '--role',
      'admin',
      '--first-name',
      'Jane',
    );
    expect(invited.stderr).toBe('');
    expect(invited.code).toBe(0);
    const user = JSON.parse(invited.stdout) as { id: string };
    expect(user).toMatchObject({
      email: 'jane@example.com',
      role: 'Admin',
      status: 'Invited',
      clientHandle: a.handle,
    });
    const api = async () =>
      (await request(t.http).get(`/api/users/${user.id}`).set('SERVICE_API_TOKEN', a.token)).body
        .data as { status: string };
    expect((await api()).status).toBe('Invited');
    // The invitation is in the outbox (held: no SMTP_URL in tests).
    const outbox = await runCli(t.db.env, 'outbox', 'list', '--json');
    expect(JSON.parse(outbox.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'invitation',
          message: expect.objectContaining({ to: 'jane@example.com' }),
        }),
      ]),
    );

    const list = await runCli(t.db.env, 'user', 'list', a.handle, '--json');
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id: user.id })]);
    const table = await runCli(t.db.env, 'user', 'list', a.handle);
    expect(table.stdout).toMatch(
      new RegExp(`^${user.id}\\s+jane@example\\.com\\s+Jane\\s+Admin\\s+Invited\\s`, 'm'),
    );

    const disabled = await runCli(t.db.env, 'user', 'disable', 'JANE@example.com');
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout)).toMatchObject({ id: user.id, status: 'Disabled' });
    expect((await api()).status).toBe('Disabled');
    const onlyDisabled = await runCli(
      t.db.env,
      'user',
      'list',
      a.handle,
      '--status',
      'disabled',
      '--json',
    );
    expect(JSON.parse(onlyDisabled.stdout)).toHaveLength(1);
    // Enabled again: back to Invited, as the invitation was never accepted.
    const enabled = await runCli(t.db.env, 'user', 'enable', user.id);
    expect(JSON.parse(enabled.stdout)).toMatchObject({ id: user.id, status: 'Invited' });
    expect((await api()).status).toBe('Invited');

    const again = await runCli(t.db.env, 'user', 'invite', a.handle, 'jane@example.com');
    expect(again.code).toBe(1);
    const badEmail = await runCli(t.db.env, 'user', 'invite', a.handle, 'not-an-address');
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('"not-an-address"'),
    ]);
    const badStatus = await runCli(t.db.env, 'user', 'list', a.handle, '--status', 'gone');
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr.trim()).toBe(
      '--status must be one of Invited, Active, Disabled, not "gone".',
    );
    const nobody = await runCli(t.db.env, 'user', 'disable', 'nobody@example.com');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr.trim()).toBe('User "nobody@example.com" was not found.');
  }, 320_000);

  it('lists migrations applied and pending, changing nothing (migrate --status)', async () => {
    const status = await runCli(t.db.env, 'migrate', '--status', '--json');
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({
      applied: MIGRATIONS.map((m) => m.name),
      pending: [],
    });
    const table = await runCli(t.db.env, 'migrate', '--status');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^${MIGRATIONS[0].name}\\s+applied$`, 'm'));
    expect(table.stdout.trim().split('\n').pop()).toBe(`${MIGRATIONS.length} applied, 0 pending`);
  }, 200_000);

  it('checks the configuration and each service it names, one line each, never a password', async () => {
    const ok = await runCli(t.db.env, 'config', 'check', '--json');
    expect(ok.code).toBe(0);
    const checks = JSON.parse(ok.stdout) as { check: string; status: string }[];
    expect(checks.map((c) => c.check)).toEqual([
      'config',
      'database',
      'redis',
      's3',
      'smtp',
      'sms',
    ]);
    expect(checks.find((c) => c.check === 'database')!.status).toBe('ok');

    const closed = await freePort();
    const failing = await runCli(
      {
        ...t.db.env,
        REDIS_URL: `redis://ops:sekret@127.0.0.1:${closed}`,
        SMTP_URL: `smtp://mail:pa55@127.0.0.1:${closed}`,
      },
      'config',
      'check',
    );
    expect(failing.code).toBe(1);
    expect(failing.stdout).not.toMatch(/sekret|pa55/);
    const lines = failing.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^STATUS\s+CHECK\s+DETAIL$/);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ok\s+database\s/),
        expect.stringMatching(
          new RegExp(
            `^fail\\s+redis\\s+redis://ops:\\*\\*\\*@127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^fail\\s+smtp\\s+smtp://mail:\\*\\*\\*@127\\.0\\.0\\.1:${closed}: `),
        ),
      ]),
    );

    const invalid = await runCli({ ...t.db.env, PORT: 'eighty' }, 'config', 'check');
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^fail\s+config\s+.*PORT/m);
  }, 220_000);

  it('answers a bad argument with one line naming it and exit code 2', async () => {
    const limit = await spawnCli(t.db.env, 'jobs', 'failed', '--limit', 'lots');
    expect(limit.code).toBe(2);
    expect(limit.stderr).toBe('--limit must be an integer from 1 to 1000, not "lots".\n');
    const unknown = await spawnCli(t.db.env, 'jobs', 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  }, 200_000);

  it("shows and changes a client's page settings (client settings), refusing bad values", async () => {
    const json = async (...args: string[]) => {
      const run = await runCli(t.db.env, 'client', 'settings', a.handle, ...args);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      return JSON.parse(run.stdout) as Record<string, unknown>;
    };
    expect(await json()).toMatchObject({
      handle: a.handle,
      currency: 'EUR',
      signInUrl: null,
      storefrontUrl: null,
    });
    const shop = 'https://shop.example.com/designs/{readableId}';
    expect(
      await json(
        '--currency',
        'chf',
        '--sign-in-url',
        'https://shop.example.com/login',
        '--storefront-url',
        shop,
      ),
    ).toMatchObject({
      currency: 'CHF',
      signInUrl: 'https://shop.example.com/login',
      storefrontUrl: shop,
    });
    expect(await json('--no-sign-in-url')).toMatchObject({
      currency: 'CHF',
      signInUrl: null,
      storefrontUrl: shop,
    });
    const currency = await runCli(t.db.env, 'client', 'settings', a.handle, '--currency', 'EURO');
    expect(currency.code).toBe(2);
    expect(currency.stderr).toContain(
      '--currency must be an ISO 4217 currency code such as EUR or USD, not "EURO"',
    );
    const url = await runCli(t.db.env, 'client', 'settings', a.handle, '--sign-in-url', 'http://x');
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('--sign-in-url must be an absolute https URL');
    expect(url.stderr).toContain('not "http://x"');
    const ghost = await runCli(t.db.env, 'client', 'settings', 'ghost', '--currency', 'EUR');
    expect(ghost.code).toBe(1);
    expect(ghost.stderr.trim()).toBe('Client ghost was not found.');
  }, 200_000);
});
