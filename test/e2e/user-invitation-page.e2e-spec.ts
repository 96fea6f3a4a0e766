import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';
import { acceptInvitation, checkCredentials, invite, openForm } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const DAY = 24 * 60 * 60 * 1000;

/** The acceptance page through HTTP: the form, the CSRF check, the policy, dead links. */
describe('Invitation acceptance page', () => {
  let t: TestApp;
  let acme: TestClient;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    acme = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(() => t.close());

  it('shows an accessible form: HTML, no caching or referrer, a CSRF cookie bound to the path', async () => {
    const { link } = await invite(t, acme.token, { email: 'form@example.com', firstName: 'Ann' });
    const { res, field, cookie } = await openForm(t, link);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('value="Ann"');
    expect(res.text).toContain('<label for="password">Password</label>');
    expect(field).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = (res.headers['set-cookie'] as unknown as string[])[0];
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toContain(`Path=${link}`);
    expect(cookie).toMatch(/^pci_form=/);
  });

  it('activates the user with a good password and names; the link then is dead', async () => {
    const { id, link } = await invite(t, acme.token, { email: 'ok@example.com', locale: 'fr' });
    const res = await acceptInvitation(t, link, {
      firstName: 'Zoé',
      lastName: 'Martin',
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain('Votre compte est prêt');
    const user = await request(t.http).get(`/api/users/${id}`).set('SERVICE_API_TOKEN', acme.token);
    expect(user.body.data).toMatchObject({
      status: 'Active',
      firstName: 'Zoé',
      lastName: 'Martin',
    });
    expect(user.body.data.acceptedDate).not.toBeNull();
    expect((await checkCredentials(t, 'OK@example.com', PASSWORD)).id).toBe(id);

    const again = await request(t.http).get(link);
    expect(again.status).toBe(404);
    expect(again.text).toContain('This invitation link no longer works');
    const replay = await acceptInvitation(t, link, { password: 'x', confirmation: 'x' });
    expect(replay.status).toBe(404);
  });

  it.each([
    ['short', 'short', 'The password is too short.'],
    ['password1234', 'password1234', 'This password is too common'],
    ['policy@example.com', 'policy@example.com', 'must not contain your e-mail address'],
    [PASSWORD, `${PASSWORD}!`, 'The two passwords differ.'],
  ])('answers 422 with the form naming the problem (%j)', async (password, confirmation, says) => {
    const { id, link } = await invite(t, acme.token, {
      email: `policy-${Math.random().toString(36).slice(2)}@example.com`,
    });
    const fixedLink = password.includes('@')
      ? (await invite(t, acme.token, { email: 'policy@example.com' })).link
      : link;
    const res = await acceptInvitation(t, fixedLink, { password, confirmation, firstName: 'K' });
    expect(res.status).toBe(422);
    expect(res.text).toContain(says);
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('value="K"');
    expect(res.text).not.toContain(password === 'short' ? 'value="short"' : 'value="password1234"');
    const user = await request(t.http).get(`/api/users/${id}`).set('SERVICE_API_TOKEN', acme.token);
    expect(user.body.data.status).toBe('Invited');
  });

  it('answers 403 with the form again when the CSRF field or cookie is missing or foreign', async () => {
    const { link } = await invite(t, acme.token, { email: 'csrf@example.com' });
    const fields = { password: PASSWORD, confirmation: PASSWORD };
    const { field, cookie } = await openForm(t, link);
    const attempts = [
      request(t.http)
        .post(link)
        .type('form')
        .send({ form: field, ...fields }),
      request(t.http).post(link).set('Cookie', cookie!).type('form').send(fields),
      request(t.http)
        .post(link)
        .set('Cookie', cookie!)
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ form: field, ...fields }),
      request(t.http)
        .post(link)
        .set('Cookie', 'pci_form=forged')
        .type('form')
        .send({ form: field, ...fields }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.text).toContain('The form has expired');
    }
    const ok = await request(t.http)
      .post(link)
      .set('Cookie', cookie!)
      .type('form')
      .send({ form: field, ...fields });
    expect(ok.status).toBe(200);
  });

  it('answers 404 with a page in the browser language for unknown, malformed and expired links', async () => {
    const { link } = await invite(t, acme.token, { email: 'expires@example.com' });
    clock.advance(7 * DAY + 1000);
    try {
      for (const path of [link, '/invitation/unknown', `/invitation/${'A'.repeat(43)}`]) {
        const res = await request(t.http).get(path).set('Accept-Language', 'nl-BE,nl;q=0.9');
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('<html lang="nl">');
        expect(res.text).toContain('Deze uitnodigingslink werkt niet meer');
      }
    } finally {
      clock.advance(-(7 * DAY + 1000));
    }
  });

  it('drops control characters from names (NUL would not be stored) and answers an oversized form 413', async () => {
    const { id, link } = await invite(t, acme.token, { email: 'nul@example.com' });
    const bad = await request(t.http)
      .post(link)
      .type('form')
      .send(Array.from({ length: 25 }, (_, n) => `f${n}=x`).join('&'));
    expect(bad.status).toBe(413);
    expect(bad.headers['content-type']).toBe('text/html; charset=utf-8');
    const res = await acceptInvitation(t, link, {
      firstName: 'A\u0000nn\u0007',
      lastName: 'Lee\u001b',
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(res.status).toBe(200);
    const user = await request(t.http).get(`/api/users/${id}`).set('SERVICE_API_TOKEN', acme.token);
    expect(user.body.data).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('escapes what the page prints', async () => {
    const { link } = await invite(t, acme.token, {
      email: 'xss@example.com',
      firstName: '<script>alert(1)</script>',
    });
    const { res } = await openForm(t, link);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
