import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { runCli } from '../support/run-cli';

// Tests that run child processes have budgets sized in test/support/budgets.ts.
describe('CLI: webhooks list, create, disable, deliveries (next to a running server)', () => {
  let t: TestApp;
  let a: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(() => t.close());

  it('creates an endpoint with its secret, lists it without, disables it and shows its log', async () => {
    const created = await runCli(
      t.db.env,
      'webhooks',
      'create',
      a.handle,
      'https://93.184.216.34/hooks',
      '--types',
      'order.acknowledged,print_files.ready',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const endpoint = JSON.parse(created.stdout);
    expect(endpoint).toMatchObject({
      url: 'https://93.184.216.34/hooks',
      eventTypes: ['order.acknowledged', 'print_files.ready'],
      status: 'enabled',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });

    const listed = await runCli(t.db.env, 'webhooks', 'list', a.handle, '--json');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(endpoint.secret);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: endpoint.id, status: 'enabled' }),
    ]);

    const disabled = await runCli(t.db.env, 'webhooks', 'disable', endpoint.id);
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout)).toMatchObject({ id: endpoint.id, status: 'disabled' });
    // The API sees what the CLI did.
    const read = await request(t.http)
      .get(`/api/webhooks/endpoints/${endpoint.id}`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(read.body.data.status).toBe('disabled');

    const log = await runCli(
      t.db.env,
      'webhooks',
      'deliveries',
      endpoint.id,
      '--limit',
      '5',
      '--json',
    );
    expect(log.code).toBe(0);
    expect(JSON.parse(log.stdout)).toEqual({ data: [], next: null });
    // Without --json: tables for people, never the secret.
    const table = await runCli(t.db.env, 'webhooks', 'list', a.handle);
    expect(table.stdout).not.toContain(endpoint.secret);
    expect(table.stdout).toMatch(
      new RegExp(
        `^${endpoint.id}\\s+https://93\\.184\\.216\\.34/hooks\\s+disabled\\s+order\\.acknowledged,print_files\\.ready\\s`,
        'm',
      ),
    );
    const emptyLog = await runCli(t.db.env, 'webhooks', 'deliveries', endpoint.id);
    expect(emptyLog.stdout.trim().split('\n')[1]).toBe('(none)');
  });

  it('refuses what the API refuses, and bad arguments, with a message and no change', async () => {
    // As the API under test is configured: no demo data, so private targets are refused (where
    // demo data is seeded, as by default in embedded mode, they are allowed).
    const refused = await runCli(
      { ...t.db.env, SEED_DEMO: 'false' },
      'webhooks',
      'create',
      a.handle,
      'https://10.0.0.1/x',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('10.0.0.1 is a private address');
    const unknownType = await runCli(
      t.db.env,
      'webhooks',
      'create',
      a.handle,
      'https://93.184.216.34/x',
      '--types',
      'order.nope',
    );
    expect(unknownType.code).toBe(2);
    expect(unknownType.stderr).toContain('eventTypes');
    const noClient = await runCli(t.db.env, 'webhooks', 'list', 'no-such-client');
    expect(noClient.code).toBe(1);
    expect(noClient.stderr).toContain('no-such-client');
    const badId = await runCli(t.db.env, 'webhooks', 'deliveries', 'nope');
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('not an endpoint id: nope');
  });
});
