import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import {
  EMBEDDED_TEMPLATE,
  MAIN,
  runBuilt,
  runBuiltCli,
  startBuiltServer,
  WORKER,
} from '../support/built-server';
import { startMissingDatabaseServer } from '../support/missing-database-server';

// Tests that run child processes have budgets sized in test/support/budgets.ts.
/** The line of a message held in the outbox (no SMTP_URL): the demo's invitation and share. */
const HELD =
  '[Messages] a message is kept in the outbox: SMTP_URL is not set (npm run cli -- outbox list)';
/** …on a terminal, followed by its fields (the message's id, channel, kind, masked recipient). */
const HELD_WITH_FIELDS = expect.stringMatching(
  /^\[Messages\] a message is kept in the outbox: SMTP_URL is not set .*"to":"s\*\*\*@example.com"/,
);

/** The built server and CLI started as an operator does, on a fresh embedded data directory. */
describe('Server start-up (built, embedded database)', () => {
  let dataDir: string;
  // What `npm install` and `npm start` make after a build (scripts/build-if-stale.mjs).
  beforeAll(async () => {
    const made = await runBuilt({}, EMBEDDED_TEMPLATE);
    expect(made).toMatchObject({ code: 0 });
  }, 120_000);
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pci-start-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('in production creates no demo data and prints no token, and the CLI refuses to seed it', async () => {
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      LOG_LEVEL: 'warn',
    };
    const server = await startBuiltServer(env);
    try {
      // Piped: JSON lines only; at LOG_LEVEL=warn the start-up steps' lines and the banner.
      expect(records(server.stdout)).toEqual([
        expect.objectContaining({
          level: 30,
          context: 'Start',
          msg: `database: embedded database in ${dataDir}`,
        }),
        expect.objectContaining({
          context: 'Start',
          msg: 'database: created from the migrated template',
        }),
        expect.objectContaining({
          context: 'Start',
          msg: 'listening',
          url: server.baseUrl,
          docs: `${server.baseUrl}/docs`,
          database: `embedded database in ${dataDir}`,
          readyMs: expect.any(Number),
        }),
      ]);
      expect(server.stdout).not.toMatch(/pci_|Demo|demo/);
      expect(server.stderr).not.toMatch(/pci_/);
      expect(existsSync(join(dataDir, 'demo-token'))).toBe(false);

      const seed = await runBuiltCli(env, 'demo', 'seed');
      expect(seed.code).toBe(1);
      expect(seed.stderr.trim()).toBe('Demo data is never created when NODE_ENV=production.');
      expect(seed.stdout).not.toMatch(/pci_/);

      const clients = await runBuiltCli(env, 'client', 'list', '--json');
      expect(clients.code).toBe(0);
      expect(JSON.parse(clients.stdout)).toEqual([]);
    } finally {
      await server.stop();
    }
    // SIGTERM: a JSON line as it drains, another once stopped.
    const last = server.stdout
      .trim()
      .split('\n')
      .slice(-2)
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(last).toEqual([expect.stringMatching(/^draining: /), 'stopped']);
  }, 220_000);

  /** Each line of `text` as the JSON record it must be. */
  function records(text: string): Record<string, unknown>[] {
    return text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  /** The output up to the banner's first line, and the banner (to its blank line). */
  function split(stdout: string): { logs: string[]; banner: string } {
    const at = stdout.indexOf('\nProduct Customizer Integration API is listening');
    const banner = stdout.slice(at + 1, stdout.indexOf('\n\n', at + 1));
    return { logs: stdout.slice(0, at).split('\n').filter(Boolean), banner };
  }

  /** The demo token file the banner names: owner-only, one token, nowhere in the output. */
  async function demoToken(server: { stdout: string; stderr: string }): Promise<string> {
    const file = join(dataDir, 'demo-token');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const token = (await readFile(file, 'utf8')).trim();
    expect(token).toMatch(/^pci_\S+$/);
    expect(server.stdout).not.toContain(token);
    expect(server.stderr).not.toContain(token);
    expect(`${server.stdout}${server.stderr}`).not.toMatch(/pci_/);
    return token;
  }

  async function demoPassword(server: { stdout: string; stderr: string }): Promise<string> {
    const file = join(dataDir, 'demo-password');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(`${server.stdout}${server.stderr}`).not.toContain(password);
    return password;
  }

  it('in development with output piped writes JSON lines: one per start-up step, then the banner naming the demo token file', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir });
    try {
      const lines = records(server.stdout);
      const steps = lines.map((r) => `[${String(r.context)}] ${String(r.msg)}`);
      expect(steps).toEqual([
        `[Start] database: embedded database in ${dataDir}`,
        '[Start] database: created from the migrated template',
        expect.stringMatching(/^\[Migrations\] migrations: up to date \(\d+ applied\)$/),
        '[Demo] demo client "demo" created with an Admin token',
        '[Demo] demo catalog: demo-tee, demo-bottle',
        expect.stringMatching(
          /^\[Demo\] demo designs: 5 recipe sets \(DEMTEE2A, DEMTEE2B, DEMTEE2C, DEMTEE2D, DEMTEE2E\)$/,
        ),
        '[Demo] demo library: 3 saved assets with their production jobs',
        '[Demo] demo render states: recipe set DEMBTL2A on demo-bottle (preset print-output)',
        HELD,
        '[Demo] demo colleague: sam.taylor@example.com invited (the e-mail waits in the outbox without SMTP)',
        '[Demo] demo token: a second token, for the revokeToken example',
        HELD,
        '[Demo] demo share link: DEMTEE2A shared with sam.taylor@example.com',
        '[Demo] demo moderation lists: the word "blockhead" and the image hash 8c3e1f0a9b7d2e64',
        '[Demo] demo webhooks: 2 disabled endpoints on http://127.0.0.1:8080/hooks/customizer, and a test ping',
        '[Demo] demo console user: alex.morgan@example.com (Admin), signs in with a random password',
        '[Start] listening',
      ]);
      // Nest's own module and route lines are at debug.
      expect(server.stdout).not.toContain('Mapped {');
      expect(lines.at(-1)).toMatchObject({
        url: server.baseUrl,
        demo: {
          client: 'demo',
          created: true,
          tokenFile: join(dataDir, 'demo-token'),
          consoleUser: {
            email: 'alex.morgan@example.com',
            passwordFile: join(dataDir, 'demo-password'),
          },
          recipeSets: ['DEMTEE2A', 'DEMTEE2B', 'DEMTEE2C', 'DEMTEE2D', 'DEMTEE2E'],
        },
      });
      expect(lines.at(-1)!.demo).not.toHaveProperty('token');
      const token = await demoToken(server);
      const current = await fetch(`${server.baseUrl}/api/clients/current`, {
        headers: { SERVICE_API_TOKEN: token },
      });
      expect(current.status).toBe(200);
      // The console user signs in with the password of its file, which no output holds.
      const password = await demoPassword(server);
      const signIn = await fetch(`${server.baseUrl}/api/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'alex.morgan@example.com', password }),
      });
      expect(signIn.status).toBe(201);
      expect(signIn.headers.get('set-cookie')).toMatch(/^pci_session=/);
    } finally {
      await server.stop();
    }
    // A later start names the same file, and still prints no token.
    const again = await startBuiltServer({ DATA_DIR: dataDir });
    try {
      expect(records(again.stdout).at(-1)).toMatchObject({
        demo: {
          created: false,
          tokenFile: join(dataDir, 'demo-token'),
          consoleUser: { passwordFile: join(dataDir, 'demo-password') },
        },
      });
      await demoToken(again);
      await demoPassword(again);
    } finally {
      await again.stop();
    }
  }, 240_000);

  it('in development on a terminal prints one readable line per start-up step, then the banner naming the demo token file', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir }, { tty: true });
    try {
      const { logs, banner } = split(server.stdout);
      for (const line of logs) expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  \[\w+\] /);
      const steps = logs.map((l) => l.slice('00:00:00.000 INFO  '.length));
      expect(steps[0]).toBe(`[Start] database: embedded database in ${dataDir}`);
      expect(steps[1]).toBe('[Start] database: created from the migrated template');
      expect(steps.slice(-13)).toEqual([
        '[Demo] demo client "demo" created with an Admin token',
        '[Demo] demo catalog: demo-tee, demo-bottle',
        expect.stringMatching(/^\[Demo\] demo designs: 5 recipe sets /),
        '[Demo] demo library: 3 saved assets with their production jobs',
        '[Demo] demo render states: recipe set DEMBTL2A on demo-bottle (preset print-output)',
        HELD_WITH_FIELDS,
        '[Demo] demo colleague: sam.taylor@example.com invited (the e-mail waits in the outbox without SMTP)',
        '[Demo] demo token: a second token, for the revokeToken example',
        HELD_WITH_FIELDS,
        '[Demo] demo share link: DEMTEE2A shared with sam.taylor@example.com',
        '[Demo] demo moderation lists: the word "blockhead" and the image hash 8c3e1f0a9b7d2e64',
        '[Demo] demo webhooks: 2 disabled endpoints on http://127.0.0.1:8080/hooks/customizer, and a test ping',
        '[Demo] demo console user: alex.morgan@example.com (Admin), signs in with a random password',
      ]);
      expect(server.stdout).not.toContain('Mapped {');
      const file = join(dataDir, 'demo-token');
      expect(banner.split('\n')).toEqual([
        expect.stringMatching(
          /^Product Customizer Integration API is listening \(embedded database in .*\), ready in \d+ ms$/,
        ),
        `  API:        ${server.baseUrl}`,
        `  Swagger UI: ${server.baseUrl}/docs`,
        `  Console:    ${server.baseUrl}/console`,
        `  Demo client "demo" created with an Admin token, saved in ${file} (owner-only).`,
        '  Try the examples in this shell:',
        `    export API=${server.baseUrl}`,
        `    export TOKEN=$(cat ${file})`,
        '    export RECIPE_SET=DEMTEE2A',
        `  Demo console user alex.morgan@example.com (Admin): its password is in ${join(dataDir, 'demo-password')} (owner-only);`,
        `  sign in at ${server.baseUrl}/console, or with POST /api/session (docs/api/users.md, "Console sessions"):`,
        `    export CONSOLE_EMAIL=alex.morgan@example.com CONSOLE_PASSWORD=$(cat ${join(dataDir, 'demo-password')})`,
      ]);
      expect(server.stdout.trimEnd().endsWith(banner)).toBe(true);
      await demoToken(server);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('names PORT and HOST when the port is in use, before it opens or migrates the database', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const api = await runBuilt({ DATA_DIR: dataDir, PORT: String(port) }, MAIN);
      expect(api.code).toBe(78);
      expect(api.stdout).toBe('');
      expect(api.stderr.trim().split('\n')).toEqual([
        expect.stringContaining(
          `"msg":"PORT=${port} on HOST=127.0.0.1 is already in use (EADDRINUSE): stop the process listening there, or set PORT to a free port"`,
        ),
      ]);
      expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);

      // A worker process's probes: the same, naming WORKER_PORT and WORKER_HOST.
      const worker = await runBuilt({ DATA_DIR: dataDir, WORKER_PORT: String(port) }, WORKER);
      expect(worker.code).toBe(78);
      expect(worker.stderr).toContain(
        `"msg":"WORKER_PORT=${port} on WORKER_HOST=127.0.0.1 is already in use (EADDRINUSE): stop the process listening there, or set WORKER_PORT to a free port"`,
      );
      expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  }, 120_000);

  it('stops at once for a PostgreSQL database that does not exist, naming it and how to create it', async () => {
    const postgres = await startMissingDatabaseServer();
    try {
      const api = await runBuilt(
        {
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
          DATABASE_URL: `postgres://pci:s3cret@127.0.0.1:${postgres.port}/shop`,
          START_ATTEMPTS: '5',
        },
        MAIN,
      );
      expect(api.code).toBe(78);
      // No "cannot be reached" retries.
      expect(api.stdout).toBe('');
      expect(
        api.stderr
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { msg: string }).msg),
      ).toEqual([
        `the database "shop" does not exist on PostgreSQL postgres://pci:***@127.0.0.1:${postgres.port}/ (DATABASE_URL): ` +
          `create it (createdb -h 127.0.0.1 -p ${postgres.port} -U pci shop, or CREATE DATABASE "shop"; in psql), ` +
          'or point DATABASE_URL at an existing database',
      ]);
      expect(api.stderr).not.toContain('s3cret');
    } finally {
      await postgres.close();
    }
  }, 120_000);

  it('gives up on an unreachable database or Redis after the retries: one line each, exit 69', async () => {
    // A port nothing listens on: bound, then closed.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      DATABASE_URL: `postgres://pci:s3cret@127.0.0.1:${port}/pci`,
      START_ATTEMPTS: '2',
    };
    const api = await runBuilt(env, MAIN);
    expect(api.code).toBe(69);
    const lines = (text: string) =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { level: number; msg: string });
    const url = `postgres://pci:***@127.0.0.1:${port}/pci`;
    expect(lines(api.stdout)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(
          new RegExp(
            `^the database ${url.replace(/[.*]/g, '\\$&')} cannot be reached \\(.*ECONNREFUSED.*\\); attempt 1 of 2, next in 1 s$`,
          ),
        ),
      }),
    ]);
    expect(lines(api.stderr)).toEqual([
      expect.objectContaining({
        level: 50,
        msg: expect.stringContaining(`${url} cannot be reached`),
      }),
    ]);
    expect(`${api.stdout}${api.stderr}`).not.toMatch(/s3cret|\n\s+at /);

    // A worker process whose Redis does not answer: the same, naming Redis.
    const worker = await runBuilt(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        START_ATTEMPTS: '1',
        REDIS_URL: `redis://127.0.0.1:${port}`,
      },
      WORKER,
    );
    expect(worker.code).toBe(69);
    expect(lines(worker.stderr)).toEqual([
      expect.objectContaining({
        msg: `Redis redis://127.0.0.1:${port} cannot be reached (connect ECONNREFUSED 127.0.0.1:${port}) after 1 attempt`,
      }),
    ]);
  }, 120_000);
});
