import request from 'supertest';
import { TokensService } from '../../src/clients';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { addProduct, cookiesOf, formField, signIn } from '../support/availability';
import { ManualClock } from '../support/manual-clock';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HOUR = 60 * 60 * 1000;

/** The availability pages through HTTP: who may see them, the 401 sign-in page, sessions, escaping. */
describe('Availability pages', () => {
  let t: TestApp;
  let acme: TestClient;
  let other: TestClient;
  let operator: TestClient;
  const clock = new ManualClock();
  const details = (c: TestClient) => `/availability/details/${c.handle}`;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    acme = await createClient(t.app, { role: Role.Admin });
    other = await createClient(t.app);
    operator = await createClient(t.app, { role: Role.ServiceAdmin });
    await addProduct(t, acme.id, 'tee', 'Tee <script>alert(1)</script>', [['TEE-<b>', 20]]);
    const changed = await request(t.http)
      .patch(`/api/availability/${acme.handle}/skus/${encodeURIComponent('TEE-<b>')}`)
      .set('SERVICE_API_TOKEN', acme.token)
      .send({
        adjustment: { type: 'percentage', value: 50 },
        availability: { status: 'unavailable' },
      });
    if (changed.status !== 200)
      throw new Error(`PATCH answered ${changed.status}: ${changed.text}`);
  });
  afterAll(() => t.close());

  it('shows a client its details page with the header token, escaped, not cached, on a phone', async () => {
    const res = await request(t.http).get(details(acme)).set('SERVICE_API_TOKEN', acme.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    );
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('Tee &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.text).toContain('TEE-&lt;b&gt;');
    expect(res.text).toContain('<td data-label="Base price" class="num">€20.00</td>');
    expect(res.text).toContain('<td data-label="Effective price" class="num">€30.00</td>');
    expect(res.text).toContain('+50%');
    expect(res.text).toContain('unavailable');
    const op = await request(t.http).get(details(acme)).set('SERVICE_API_TOKEN', operator.token);
    expect(op.status).toBe(200);
  });

  it('shows the overview to a ServiceAdmin only, with counts and links', async () => {
    const res = await request(t.http).get('/availability').set('SERVICE_API_TOKEN', operator.token);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<a href="/availability/details/${acme.handle}">`);
    expect(res.text).toMatch(
      /data-label="Adjustments" class="num">1<\/td><td data-label="Unavailable SKUs" class="num">1</,
    );
    for (const token of [acme.token, other.token]) {
      const denied = await request(t.http).get('/availability').set('SERVICE_API_TOKEN', token);
      expect(denied.status).toBe(401);
      expect(denied.text).toBe('Not authorized: this page needs a ServiceAdmin token.');
    }
  });

  it('answers 401 as text, or as the sign-in page to browsers; another client, invalid tokens too', async () => {
    const none = await request(t.http).get(details(acme));
    expect(none.status).toBe(401);
    expect(none.headers['content-type']).toMatch(/^text\/plain/);
    expect(none.headers['www-authenticate']).toBe('ApiKey header="SERVICE_API_TOKEN"');
    expect(none.text).toBe(
      'Not authorized: send an API token in the SERVICE_API_TOKEN header, or sign in.',
    );
    const page = await request(t.http).get(details(acme)).set('Accept', HTML);
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<form method="post" action="/availability/sign-in"');
    expect(page.text).toContain(`name="next" value="${details(acme)}"`);
    const wrong = await request(t.http).get(details(acme)).set('SERVICE_API_TOKEN', other.token);
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe(`Not authorized: this page needs a token of client ${acme.handle}.`);
    const invalid = await request(t.http)
      .get(details(acme))
      .set('SERVICE_API_TOKEN', 'pci_nonsense');
    expect(invalid.status).toBe(401);
    const escaped = await request(t.http)
      .get('/availability/details/%3Cscript%3E')
      .set('Accept', HTML);
    expect(escaped.status).toBe(401);
    expect(escaped.text).not.toContain('<script>');
  });

  it('signs in through the form: an HttpOnly SameSite=Strict cookie, then the page asked for', async () => {
    const { res, session } = await signIn(t, acme.token, details(acme));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(details(acme));
    const set = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('pci_availability='),
    )!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Path=\/availability/);
    const page = await request(t.http)
      .get(details(acme))
      .set('Cookie', session!)
      .set('Accept', HTML);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign out');
    const overview = await request(t.http).get('/availability').set('Cookie', session!);
    expect(overview.status).toBe(401);
    expect(t.logs()).not.toContain(acme.token);
    expect(t.logs()).not.toContain(session!.split('=')[1]);
  });

  it('redirects only to local pages (no open redirect)', async () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/api/orders',
      // A browser resolves an encoded .. like a plain one: these would leave the pages.
      '/availability/%2e%2e/api/orders',
      '/availability/%2E%2E%2Fapi',
      '/availability/.%2e/api/orders',
      '/availability/%252e%252e/api/orders',
      '/availability/%5c%5cevil.example',
    ]) {
      const { res } = await signIn(t, acme.token, next);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(details(acme));
    }
    const { res } = await signIn(t, operator.token, 'https://evil.example/');
    expect(res.headers.location).toBe('/availability');
  });

  it('refuses an invalid token (401, the form again) and a forged form (403)', async () => {
    const bad = await signIn(t, 'pci_not-a-token');
    expect(bad.res.status).toBe(401);
    expect(bad.session).toBeUndefined();
    expect(bad.res.text).toContain('The API token is invalid or has been revoked.');
    const form = await request(t.http).get('/availability/sign-in');
    const noField = await request(t.http)
      .post('/availability/sign-in')
      .set('Cookie', cookiesOf(form))
      .type('form')
      .send({ token: acme.token, next: '/availability' });
    expect(noField.status).toBe(403);
    const crossSite = await request(t.http)
      .post('/availability/sign-in')
      .set('Cookie', cookiesOf(form))
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ form: formField(form.text), token: acme.token });
    expect(crossSite.status).toBe(403);
    for (const res of [noField, crossSite])
      expect(res.headers['set-cookie']?.toString() ?? '').not.toContain('pci_availability=');
  });

  it('ends a session when it expires, on sign-out and when its token is revoked', async () => {
    const expiring = await signIn(t, acme.token);
    clock.advance(8 * HOUR + 1000);
    const expired = await request(t.http).get(details(acme)).set('Cookie', expiring.session!);
    expect(expired.status).toBe(401);
    expect(expired.text).toBe(
      'Not authorized: the API token or session is invalid, expired or revoked.',
    );

    const signedIn = await signIn(t, acme.token);
    const page = await request(t.http).get(details(acme)).set('Cookie', signedIn.session!);
    expect(page.status).toBe(200);
    const cookies = `${signedIn.session!}; ${cookiesOf(page)}`;
    const out = await request(t.http)
      .post('/availability/sign-out')
      .set('Cookie', cookies)
      .type('form')
      .send({ form: formField(page.text) });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/availability/sign-in');
    expect((await request(t.http).get(details(acme)).set('Cookie', signedIn.session!)).status).toBe(
      401,
    );

    const issued = await t.app.get(TokensService).issue(acme.handle, { role: Role.User });
    const revoked = await signIn(t, issued.token);
    expect((await request(t.http).get(details(acme)).set('Cookie', revoked.session!)).status).toBe(
      200,
    );
    await t.app.get(TokensService).revoke(issued.id);
    expect((await request(t.http).get(details(acme)).set('Cookie', revoked.session!)).status).toBe(
      401,
    );
  });

  it('answers 404 for an unknown client to a ServiceAdmin', async () => {
    const res = await request(t.http)
      .get('/availability/details/nobody-here')
      .set('SERVICE_API_TOKEN', operator.token);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
