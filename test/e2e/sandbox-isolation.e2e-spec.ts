import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { DEMO_TEE_SKU, line, order } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { runCli } from '../support/run-cli';
import { sandboxApi } from '../support/sandbox';

/**
 * Sandbox and live clients never meet: tokens tell which they are by their prefix and act only for
 * their own kind, each side's data is another client's to the other, and only sandbox tokens reach
 * the helpers and the deterministic failures.
 */
describe('Sandbox: live and sandbox clients apart (HTTP)', () => {
  let t: TestApp;
  let sb: TestClient;
  let live: TestClient;
  let liveAdmin: TestClient;
  let service: TestClient;
  let sbIds: string[];
  let liveIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    sb = await createClient(t.app, { role: Role.Admin, sandbox: true });
    live = await createClient(t.app, { role: Role.User });
    liveAdmin = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    const demo = t.app.get(DemoService);
    for (const c of [sb, live]) await demo.installCatalog(c.handle);
    sbIds = (await demo.createRecipeSets(sb.handle, { count: 3 })).map((r) => r.readableId);
    liveIds = (await demo.createRecipeSets(live.handle, { count: 2 })).map((r) => r.readableId);
    await sandboxApi(t, sb).acknowledge('SBX-1', [sbIds[0]]);
    const ack = await request(t.http)
      .post('/api/order/acknowledgement')
      .set('SERVICE_API_TOKEN', live.token)
      .send(order('LIVE-1', [line(liveIds[0], DEMO_TEE_SKU)]));
    expect(ack.status).toBe(200);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (path: string) =>
      request(t.http).get(path).set('SERVICE_API_TOKEN', token).set('Accept', 'text/plain'),
    post: (path: string, body: object = {}) =>
      request(t.http)
        .post(path)
        .set('SERVICE_API_TOKEN', token)
        .set('Accept', 'text/plain')
        .send(body),
  });

  it('gives sandbox clients pci_test_ tokens and live clients pci_ ones, and says which', async () => {
    expect(sb.token).toMatch(/^pci_test_[A-Za-z0-9_-]{43}$/);
    expect(live.token).toMatch(/^pci_(?!test_)[A-Za-z0-9_-]{43}$/);
    const mine = await as(sb.token).get('/api/clients/current');
    expect(mine.body).toMatchObject({ handle: sb.handle, sandbox: true });
    expect((await as(live.token).get('/api/clients/current')).body).toMatchObject({
      sandbox: false,
    });
  });

  it('creates sandbox clients from the CLI and the admin API', async () => {
    const cli = await runCli(
      t.db.env,
      'client',
      'create',
      'cli-sandbox',
      '--name',
      'Test',
      '--sandbox',
    );
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ handle: 'cli-sandbox', sandbox: true });
    const token = await runCli(t.db.env, 'token', 'create', 'cli-sandbox', '--role', 'admin');
    expect(token.lastLine).toMatch(/^pci_test_/);
    const api = await as(service.token).post('/admin/clients', {
      handle: 'api-sandbox',
      name: 'Test',
      sandbox: true,
    });
    expect(api.status).toBe(201);
    expect(api.body).toMatchObject({ handle: 'api-sandbox', sandbox: true });
    const issued = await as(service.token).post('/admin/clients/api-sandbox/tokens', {
      role: 'User',
    });
    expect(issued.body.token).toMatch(/^pci_test_/);
  });

  it('refuses every helper to live tokens of any role (403 naming why), changing nothing', async () => {
    const helpers: [string, object][] = [
      ['/api/sandbox/orders/LIVE-1/advance', { to: 'in-progress' }],
      ['/api/sandbox/orders/LIVE-1/ship', {}],
      ['/api/sandbox/orders/LIVE-1/cancel', {}],
      ['/api/sandbox/orders/LIVE-1/run', { scenario: 'happy-path' }],
      [`/api/sandbox/recipesets/${liveIds[0]}/print-files/fail`, { reason: 'x' }],
    ];
    for (const token of [live.token, liveAdmin.token, service.token]) {
      for (const [path, body] of helpers) {
        const res = await as(token).post(path, body);
        expect([path, res.status]).toEqual([path, 403]);
        expect(res.text).toContain('sandbox token (pci_test_');
      }
      expect((await as(token).get('/api/sandbox/messages')).status).toBe(403);
    }
    const read = await request(t.http)
      .get('/api/order/order-number/LIVE-1')
      .set('SERVICE_API_TOKEN', live.token);
    expect(read.body.lineItems[0].workflowStatus).toBe('not-started');
    const failures = await t.dataSource.query('SELECT 1 FROM print_failure_request');
    expect(failures).toEqual([]);
  });

  it('keeps each side out of the other: orders and recipe sets are 404 both ways', async () => {
    expect((await as(live.token).get('/api/order/order-number/SBX-1')).status).toBe(404);
    expect((await as(sb.token).get('/api/order/order-number/LIVE-1')).status).toBe(404);
    expect((await as(live.token).get(`/api/recipesets/${sbIds[0]}`)).status).toBe(404);
    expect((await as(sb.token).get(`/api/recipesets/${liveIds[0]}`)).status).toBe(404);
    // A helper cannot reach a live order or recipe set either.
    expect((await sandboxApi(t, sb).advance('LIVE-1', { to: 'in-progress' })).status).toBe(404);
    expect((await sandboxApi(t, sb).failPrintFiles(liveIds[0], 'x')).status).toBe(404);
  });

  it('refuses a token whose prefix does not match its client kind (401)', async () => {
    const other = await createClient(t.app, { role: Role.User });
    await t.dataSource.query('UPDATE client_account SET sandbox = true WHERE id = $1', [other.id]);
    expect((await as(other.token).get('/api/clients/current')).status).toBe(401);
    const test = await createClient(t.app, { role: Role.User, sandbox: true });
    await t.dataSource.query('UPDATE client_account SET sandbox = false WHERE id = $1', [test.id]);
    expect((await as(test.token).get('/api/clients/current')).status).toBe(401);
  });

  it('answers a sandbox purchase order number ending in -409 as already submitted, storing nothing', async () => {
    const res = await as(sb.token).post(
      '/api/order/acknowledgement',
      order('SBX-2-409', [line(sbIds[1], DEMO_TEE_SKU)]),
    );
    expect(res.status).toBe(409);
    expect(res.text).toContain('Purchase order SBX-2-409 was already submitted.');
    expect((await as(sb.token).get('/api/order/order-number/SBX-2-409')).status).toBe(404);
    const batch = await as(sb.token).post('/api/order/acknowledgements', [
      order('SBX-3', [line(sbIds[1], DEMO_TEE_SKU)]),
      order('SBX-4-409', [line(sbIds[2], DEMO_TEE_SKU)]),
    ]);
    expect(batch.status).toBe(409);
    expect((await as(sb.token).get('/api/order/order-number/SBX-3')).status).toBe(404);
    const liveRes = await as(live.token).post(
      '/api/order/acknowledgement',
      order('LIVE-2-409', [line(liveIds[1], DEMO_TEE_SKU)]),
    );
    expect(liveRes.status).toBe(200);
  });

  it('lets only sandbox clients choose a readable id (FAIL… for print failures)', async () => {
    const body = { productHandle: 'demo-tee', readableId: 'failtee1' };
    const created = await as(sb.token).post('/api/recipesets', body);
    expect(created.status).toBe(201);
    expect(created.body.data.readableId).toBe('FAILTEE1');
    const again = await as(sb.token).post('/api/recipesets', body);
    expect(again.status).toBe(409);
    expect(again.text).toContain('readableId FAILTEE1 is taken');
    const refused = await as(live.token).post('/api/recipesets', {
      ...body,
      readableId: 'FAILTEE2',
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('only sandbox clients');
    const invalid = await as(sb.token).post('/api/recipesets', { ...body, readableId: 'FAIL-1' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('readableId');
  });
});
