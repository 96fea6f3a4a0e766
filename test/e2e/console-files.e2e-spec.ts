import request from 'supertest';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * The console's files as the API serves them (the console itself: test/browser/console.browser-spec.ts):
 * its page for every console address under the strict CSP, its hashed assets cached for a year,
 * nothing outside its build.
 */
describe('Console files (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/console', '/console/', '/console/orders?status=completed', '/console/orders/PO-1'])(
    'answers the page at %s, under the console policy, without inline script',
    async (path) => {
      const res = await request(t.http).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      // Styles of its own, and the <style> elements with this answer's nonce (React Aria's).
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.text)![1];
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(res.text).not.toContain('CONSOLE_CSP_NONCE');
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe');
      expect(res.text).toContain('<div id="root"></div>');
      // Every script is a file of the build: none inline.
      expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    },
  );

  it('serves the hashed assets for a year, and nothing else under /console/assets', async () => {
    const page = await request(t.http).get('/console');
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.text)![1];
    const res = await request(t.http).get(script);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of [
      '/console/assets/index.js',
      '/console/assets/missing-AbCdEf12.js',
      '/console/assets/..%2f..%2fpackage.json',
      '/console/assets/%2e%2e/index.html',
    ]) {
      const miss = await request(t.http).get(path);
      expect([path, miss.status]).toEqual([path, 404]);
      expect(miss.text).not.toContain('"name"');
    }
  });
});
