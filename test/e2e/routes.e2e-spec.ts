import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { RegisteredRoute, registeredRoutes, samplePath } from '../support/routes';

/**
 * Routes anyone may call (docs/design.md §3); every other route must refuse a request without a
 * token.
 */
const PUBLIC_ROUTES = [
  /^GET \/health\/(live|ready)$/,
  /^GET \/logentry\/detail\/:logId$/,
  /^GET \/docs(-json|-yaml)?(\/.*)?$/,
  /^(GET|HEAD) \/cdn\/:namespace\/:shard\/:file$/,
  /^POST \/api\/user\/check-credentials$/,
  /^(GET|POST) \/invitation\/:token$/,
  // The console's sign-in, and its sign-out (which checks the session's CSRF token itself).
  /^(POST|DELETE) \/api\/session$/,
  // A share link's page and its image: the token in the path is the capability.
  /^GET \/share\/:token(\/image)?$/,
  // The availability pages check the token header or a session cookie themselves (a 401 there
  // is a sign-in page for browsers); signing in and out are forms.
  /^GET \/availability(\/details\/:clientHandle)?$/,
  /^(GET|POST) \/availability\/sign-in$/,
  /^POST \/availability\/sign-out$/,
  // The partner CLI as one file (pci listen, pci trigger): it holds no secret.
  /^GET \/downloads\/pci\.cjs$/,
  // The console's page and files (docs/console.md): no data; its API calls are authorised as any.
  /^GET \/console(\/\*path|\/assets\/\*file)?$/,
];

const isPublic = (r: RegisteredRoute) => PUBLIC_ROUTES.some((p) => p.test(`${r.method} ${r.path}`));

describe('Every registered route (HTTP)', () => {
  let t: TestApp;
  let service: TestClient;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    routes = registeredRoutes(t.app);
  });
  afterAll(() => t.close());

  it('finds the routes it checks', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /health/live',
        'POST /admin/clients',
        'DELETE /admin/tokens/:tokenId',
        'GET /docs-json',
      ]),
    );
  });

  it('answers with and without a trailing slash alike, for every method, without redirecting', async () => {
    for (const route of routes) {
      const path = samplePath(route.path);
      if (path.endsWith('/')) continue;
      const call = (p: string) =>
        request(t.http)
          [route.method.toLowerCase() as 'get'](p)
          .set('SERVICE_API_TOKEN', service.token)
          .redirects(0);
      const [plain, slashed] = await Promise.all([call(path), call(`${path}/`)]);
      const summary = `${route.method} ${path}`;
      expect({ summary, status: slashed.status }).toEqual({ summary, status: plain.status });
      expect({ summary, redirect: slashed.status >= 300 && slashed.status < 400 }).toEqual({
        summary,
        redirect: false,
      });
      expect({ summary, unrouted: (slashed.text ?? '').startsWith('No route matches') }).toEqual({
        summary,
        unrouted: false,
      });
    }
  });

  it('matches fixed path segments case-insensitively', async () => {
    const res = await request(t.http).get('/HEALTH/Live/');
    expect(res.status).toBe(200);
  });

  it('refuses every non-public route without a token (deny by default)', async () => {
    const guarded = routes.filter((r) => !isPublic(r));
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) {
      const res = await request(t.http)[route.method.toLowerCase() as 'get'](
        samplePath(route.path),
      );
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });

  it('serves the public routes without a token', async () => {
    for (const path of [
      '/health/live',
      '/health/ready',
      '/docs',
      '/docs-json',
      '/downloads/pci.cjs',
    ]) {
      const res = await request(t.http).get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  });
});
