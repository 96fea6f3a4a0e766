import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuiltCli, startBuiltServer } from '../support/built-server';

/** The built server and CLI started as an operator does, on a fresh embedded data directory. */
describe('Server start-up (built, embedded database)', () => {
  let dataDir: string;
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
      expect(server.stdout).toContain('Swagger UI:');
      expect(server.stdout).not.toMatch(/pci_|Demo|demo/);
      expect(server.stderr).not.toMatch(/pci_/);

      const seed = await runBuiltCli(env, 'demo', 'seed');
      expect(seed.code).toBe(1);
      expect(seed.stderr.trim()).toBe('Demo data is never created when NODE_ENV=production.');
      expect(seed.stdout).not.toMatch(/pci_/);

      const clients = await runBuiltCli(env, 'client', 'list');
      expect(clients.code).toBe(0);
      expect(JSON.parse(clients.stdout)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('in development seeds the demo client once and prints its token in the banner', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    try {
      expect(server.stdout).toMatch(/Demo client "demo" created with an Admin token/);
      expect(server.stdout).toMatch(/SERVICE_API_TOKEN: pci_\S+/);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
