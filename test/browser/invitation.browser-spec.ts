import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { eventually } from '../support/messages';
import { startSmtpSink } from '../support/smtp-sink';
import { seriousAxeViolations } from './axe';
import { launchChromium, openPage } from './browser';
import { screenshot } from './screenshots';

const PASSWORD = 'violet tractor 42 sings';

/**
 * An invitation end to end, as a person meets it: the e-mail arrives at an SMTP server, its link
 * opens in Chromium, the form refuses a weak password and accepts a good one, and the credentials
 * then check. Every page passes axe.
 */
describe('Invitation in a real browser (Chromium)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { WORKERS: 'true', SMTP_URL: smtp.url } });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('invite → e-mail → open the link → set a password → check-credentials answers the id', async () => {
    const acme = await createClient(t.app, { role: Role.Admin });
    const operator = await createClient(t.app, { role: Role.ServiceAdmin });
    const signInUrl = 'https://shop.example.com/account/sign-in';
    const set = await request(t.http)
      .patch(`/admin/clients/${acme.handle}`)
      .set('SERVICE_API_TOKEN', operator.token)
      .send({ signInUrl });
    expect(set.status).toBe(200);
    const invited = await request(t.http)
      .post('/api/user/invite')
      .set('SERVICE_API_TOKEN', acme.token)
      .send({ email: 'browser@example.com', firstName: 'Bea', locale: 'de' });
    expect(invited.status).toBe(200);
    await eventually('the invitation arrives', () => smtp.received.length === 1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(['browser@example.com']);
    expect(mail.parsed.subject).toContain('Einladung');
    // The link names BASE_URL; the browser opens its path where the test app listens.
    const path = /\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.html || '')![0];
    expect(mail.parsed.text).toContain(path);

    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}${path}`);
    expect(await page.textContent('h1')).toContain('Willkommen');
    expect(await page.inputValue('#firstName')).toBe('Bea');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'invitation-form');

    // The browser's own checks (minlength) are bypassed as an old browser would: the server says it.
    await page.$eval('form', (f) => {
      f.setAttribute('novalidate', '');
    });
    await page.fill('#password', 'password1234');
    await page.fill('#confirmation', 'password1234');
    await page.click('button[type=submit]');
    expect(await page.textContent('[role=alert]')).toContain('zu gängig');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.fill('#lastName', 'Becker');
    await page.fill('#password', PASSWORD);
    await page.fill('#confirmation', PASSWORD);
    await page.click('button[type=submit]');
    expect(await page.textContent('h1')).toBe('Ihr Konto ist bereit');
    // The next step: the client's sign-in page.
    expect(await page.getAttribute('a.button', 'href')).toBe(signInUrl);
    expect(await page.textContent('a.button')).toBe(`Bei Client ${acme.handle} anmelden`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'invitation-done');
    expect(errors).toEqual([]);

    const check = await request(t.http)
      .post('/api/user/check-credentials')
      .send({ email: 'browser@example.com', password: PASSWORD });
    expect(check.text).toBe(JSON.stringify(invited.body.data.id));
    const user = await request(t.http)
      .get(`/api/users/${invited.body.data.id}`)
      .set('SERVICE_API_TOKEN', acme.token);
    expect(user.body.data).toMatchObject({ status: 'Active', lastName: 'Becker' });

    // The used link now shows the page saying so, in the browser's language (English here).
    await page.goto(`${base}${path}`);
    expect(await page.textContent('h1')).toBe('This invitation link no longer works');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
