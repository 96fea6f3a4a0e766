import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { TestOnlyController } from '../support/test-only.controller';

describe('HTTP behaviour: security headers, caching, 401 challenge and CORS', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      controllers: [TestOnlyController],
      env: { CORS_ORIGINS: 'https://shop.example, https://admin.example' },
    });
    admin = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  it('sends helmet security headers and hides the framework', async () => {
    const res = await request(t.http).get('/health/live');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('marks responses no-store: client data, tokens, orders, errors and public answers alike', async () => {
    const auth = { SERVICE_API_TOKEN: admin.token };
    const responses = [
      await request(t.http).get('/api/clients/current').set(auth),
      await request(t.http)
        .post(`/admin/clients/${admin.handle}/tokens`)
        .set(auth)
        .send({ role: 'User' }),
      await request(t.http).get(`/admin/clients/${admin.handle}/tokens`).set(auth),
      await request(t.http).get('/api/order/order-number/NO-SUCH-ORDER').set(auth),
      await request(t.http).post('/api/orders/search').set(auth).send({}),
      await request(t.http).get('/api/clients/current'),
      await request(t.http).get('/health/live'),
    ];
    const seen = responses.map((r) => `${r.status} ${String(r.headers['cache-control'])}`);
    expect(seen).toEqual(responses.map((r) => `${r.status} no-store`));
    expect(responses[1].status).toBe(201);
    expect((responses[1].body as { token?: string }).token).toBeDefined();
  });

  it('lets a route that may be cached say so', async () => {
    const res = await request(t.http).get('/test-only/cacheable');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('names the token header in WWW-Authenticate on every 401', async () => {
    for (const token of [undefined, 'pci_notarealtoken']) {
      const req = request(t.http).get('/api/clients/current');
      const res = await (token ? req.set('SERVICE_API_TOKEN', token) : req);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('ApiKey header="SERVICE_API_TOKEN"');
    }
    const ok = await request(t.http)
      .get('/api/clients/current')
      .set('SERVICE_API_TOKEN', admin.token);
    expect(ok.headers['www-authenticate']).toBeUndefined();
  });

  it('answers a CORS preflight from a configured origin, allowing the token header', async () => {
    const res = await request(t.http)
      .options('/api/clients/current')
      .set('Origin', 'https://shop.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'service_api_token');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(res.headers['access-control-allow-headers']?.toLowerCase()).toContain(
      'service_api_token',
    );
    expect(res.headers['access-control-allow-headers']?.toLowerCase()).toContain('if-none-match');
  });

  it('exposes X-Request-Id and the documented headers to configured origins and gives other origins nothing', async () => {
    const allowed = await request(t.http)
      .get('/health/live')
      .set('Origin', 'https://admin.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(allowed.headers['access-control-expose-headers']?.split(',')).toEqual(
      expect.arrayContaining(['X-Request-Id', 'X-Total-Count', 'ETag', 'Retry-After', 'RateLimit']),
    );
    const other = await request(t.http).get('/health/live').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('has no CORS at all when CORS_ORIGINS is empty', async () => {
    const plain = await createTestApp();
    try {
      const res = await request(plain.http)
        .get('/health/live')
        .set('Origin', 'https://shop.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
