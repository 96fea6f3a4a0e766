import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Admin: clients and tokens (HTTP)', () => {
  let t: TestApp;
  let service: TestClient;
  const auth = () => ({ SERVICE_API_TOKEN: service.token });

  beforeAll(async () => {
    t = await createTestApp();
    service = await createClient(t.app, { handle: 'ops', role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  it('creates a client with a canonical handle and rejects a duplicate with 409', async () => {
    const res = await request(t.http)
      .post('/admin/clients')
      .set(auth())
      .send({ handle: 'Acme-Apparel', name: 'Acme Apparel', plan: 'ENTERPRISE' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      handle: 'acme-apparel',
      name: 'Acme Apparel',
      plan: 'enterprise',
      sandbox: false,
      createdAt: expect.stringMatching(/Z$/),
    });
    const dup = await request(t.http)
      .post('/admin/clients/')
      .set(auth())
      .send({ handle: 'acme-apparel', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.text).toBe('Client handle acme-apparel already exists.');
  });

  it('rejects an invalid handle, a missing name and an unknown plan, naming each', async () => {
    const res = await request(t.http)
      .post('/admin/clients')
      .set(auth())
      .send({ handle: 'no spaces!', plan: 'gold' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('handle must be 2–64 characters');
    expect(res.text).toContain('name must be');
    expect(res.text).toContain('plan must be one of the following values');
  });

  it('issues a token once, lists tokens without secrets, and the token works', async () => {
    await request(t.http)
      .post('/admin/clients')
      .set(auth())
      .send({ handle: 'beta', name: 'Beta' })
      .expect(201);
    const issued = await request(t.http)
      .post('/admin/clients/BETA/tokens')
      .set(auth())
      .send({ role: 'admin', label: 'ERP' });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      clientHandle: 'beta',
      role: 'Admin',
      label: 'ERP',
      revokedAt: null,
    });
    expect(issued.body.token).toMatch(/^pci_/);
    expect(issued.body.prefix).toBe(issued.body.token.slice(0, 12));

    const list = await request(t.http).get('/admin/clients/beta/tokens').set(auth());
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('token');
    expect(JSON.stringify(list.body)).not.toContain(issued.body.token);

    const works = await request(t.http)
      .get('/health/ready')
      .set('SERVICE_API_TOKEN', issued.body.token);
    expect(works.status).toBe(200);
  });

  it('answers 404 for tokens of an unknown client and 400 for an unknown role', async () => {
    const missing = await request(t.http)
      .post('/admin/clients/ghost/tokens')
      .set(auth())
      .send({ role: 'User' });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('Client ghost was not found.');
    const badRole = await request(t.http)
      .post('/admin/clients/ops/tokens')
      .set(auth())
      .send({ role: 'Root' });
    expect(badRole.status).toBe(400);
    expect(badRole.text).toContain(
      'role must be one of the following values: User, Admin, ServiceAdmin',
    );
  });

  it('revokes by displayed prefix, idempotently, and 404s an unknown token', async () => {
    const other = await createClient(t.app);
    const prefix = other.token.slice(0, 12);
    expect((await request(t.http).delete(`/admin/tokens/${prefix}`).set(auth())).status).toBe(204);
    expect(
      (await request(t.http).delete(`/admin/tokens/${other.tokenId}/`).set(auth())).status,
    ).toBe(204);
    const rows = await t.dataSource.query('SELECT revoked_at FROM api_token WHERE id = $1', [
      other.tokenId,
    ]);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
    const unknown = await request(t.http).delete('/admin/tokens/pci_zzzzzzzz').set(auth());
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('API token pci_zzzzzzzz was not found.');
  });

  it('rejects a revoked token at once, although its lookup was just remembered', async () => {
    const other = await createClient(t.app);
    const current = () =>
      request(t.http).get('/api/clients/current').set('SERVICE_API_TOKEN', other.token);
    expect((await current()).status).toBe(200);
    expect((await current()).status).toBe(200); // served from the token cache
    expect(
      (await request(t.http).delete(`/admin/tokens/${other.tokenId}`).set(auth())).status,
    ).toBe(204);
    const after = await current();
    expect(after.status).toBe(401);
    expect(after.text).toBe(
      (await request(t.http).get('/api/clients/current').set('SERVICE_API_TOKEN', 'pci_unknown'))
        .text,
    );
  });

  it('answers 404 for ids with a NUL character and 400 for a name with one', async () => {
    for (const [method, path] of [
      ['get', '/admin/clients/ops%00/tokens'],
      ['post', '/admin/clients/ops%00/tokens'],
      ['delete', '/admin/tokens/pci_%00'],
    ] as const) {
      const res = await request(t.http)[method](path).set(auth()).send({ role: 'User' });
      expect([path, res.status]).toEqual([path, 404]);
    }
    const named = await request(t.http)
      .post('/admin/clients')
      .set(auth())
      .send({ handle: 'nul-name', name: 'Acme\u0000' });
    expect(named.status).toBe(400);
    expect(named.text).toBe(
      'Invalid request: name must not contain NUL characters or unpaired surrogates.',
    );
  });

  it('tells any token which client and role it acts as', async () => {
    const c = await createClient(t.app, { role: Role.User });
    const res = await request(t.http).get('/api/clients/current').set('SERVICE_API_TOKEN', c.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: c.id,
      handle: c.handle,
      name: `Client ${c.handle}`,
      plan: 'standard',
      sandbox: false,
      createdAt: expect.any(String),
      role: 'User',
    });
  });

  it('is closed to Admin and User tokens of a client', async () => {
    for (const role of [Role.User, Role.Admin]) {
      const c = await createClient(t.app, { role });
      const res = await request(t.http).get('/admin/clients').set('SERVICE_API_TOKEN', c.token);
      expect(res.status).toBe(403);
    }
  });
});
