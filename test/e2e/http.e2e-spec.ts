import request from 'supertest';
import { createTestApp, TestApp } from '../setup/test-app';

describe('HTTP behaviour: security headers and CORS', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { CORS_ORIGINS: 'https://shop.example, https://admin.example' },
    });
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
  });

  it('exposes X-Request-Id to configured origins and gives other origins nothing', async () => {
    const allowed = await request(t.http)
      .get('/health/live')
      .set('Origin', 'https://admin.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Request-Id');
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
