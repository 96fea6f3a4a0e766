import { Browser } from 'playwright-core';
import request from 'supertest';
import { freePort } from '../../scripts/lib/ports';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { demoRecipeSets, outboxMessages, share } from '../support/share';
import { seriousAxeViolations } from './axe';
import { launchChromium, openPage } from './browser';
import { screenshot } from './screenshots';

/** The share page as a recipient sees it, in Chromium. */
describe('The share page in a real browser (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let link: string;
  let shop: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { BASE_URL: base } });
    await t.app.listen(port, '127.0.0.1');
    const client = await createClient(t.app, { role: Role.User });
    const operator = await createClient(t.app, { role: Role.ServiceAdmin });
    const set = await request(t.http)
      .patch(`/admin/clients/${client.handle}`)
      .set('SERVICE_API_TOKEN', operator.token)
      .send({ storefrontUrl: 'https://shop.example.com/designs/{readableId}' });
    expect(set.status).toBe(200);
    const [id] = await demoRecipeSets(t, client);
    shop = `https://shop.example.com/designs/${id}`;
    const res = await share(t, client, {
      emailAddresses: ['viewer@example.com'],
      recipeSetReadableId: id,
      locale: 'nl',
    });
    expect(res.status).toBe(200);
    const [m] = await outboxMessages(t);
    if (m.message.channel !== 'email') throw new Error('expected the e-mail');
    link = /http:\/\/127\.0\.0\.1:\d+\/share\/[\w-]{43}/.exec(m.message.email.text)![0];
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it('shows the product and its render (loaded under the page policy), with no serious axe violations', async () => {
    const page = await openPage(browser);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    // Every resource the page loads must load (the browser's own favicon request aside).
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico'))
        problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
        problems.push(msg.text());
    });
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.textContent('main h1 + p')).toBe(
      'Iemand heeft een ontwerp op maat met je gedeeld.',
    );
    const img = await page.waitForSelector('main img');
    // Page-side code as text: the project's TypeScript has no DOM types.
    await page.waitForFunction("document.querySelector('main img').complete");
    expect(
      await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await img.getAttribute('alt')).toMatch(/^Afbeelding van het ontwerp: /);
    // The inline style applies (its hash is in the policy): the page is not unstyled.
    expect(await page.evaluate("getComputedStyle(document.querySelector('main')).maxWidth")).toBe(
      '640px',
    );
    // Whose design it is, and the call to action: the client's storefront.
    expect(await page.textContent('main .from')).toMatch(/^Een ontwerp van Client /);
    expect(await page.getAttribute('main a.button', 'href')).toBe(shop);
    expect(problems).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'share');
  });

  it('shows a clear page for a link that does not exist', async () => {
    const page = await openPage(browser, { locale: 'es-ES' });
    const res = await page.goto(`${base}/share/${'z'.repeat(43)}`);
    expect(res?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Enlace no encontrado');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
