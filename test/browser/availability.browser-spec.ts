import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { addProduct } from '../support/availability';
import { seriousAxeViolations } from './axe';
import { launchChromium } from './browser';

/**
 * The availability pages as a person meets them in Chromium: a page asked for without signing in
 * answers 401 with the sign-in form; signing in with a token opens the page asked for, on a
 * desktop and on a phone. Every page passes axe.
 */
describe('Availability pages in a real browser (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let acme: TestClient;
  let operator: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    acme = await createClient(t.app, { role: Role.Admin });
    operator = await createClient(t.app, { role: Role.ServiceAdmin });
    await addProduct(t, acme.id, 'tee', 'Tee <script>window.hacked=1</script>', [
      ['TEE-S', 20],
      ['TEE-M', 22.5],
    ]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`401 sign-in page, then the details page after signing in (${device})`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const first = await page.goto(`${base}/availability/details/${acme.handle}`);
      expect(first?.status()).toBe(401);
      expect(await page.textContent('h1')).toBe('Sign in');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.fill('#token', acme.token);
      await page.click('button[type=submit]');
      await page.waitForURL(`${base}/availability/details/${acme.handle}`);
      expect(await page.textContent('h1')).toContain(`Client ${acme.handle}`);
      expect(await page.textContent('main')).toContain('Tee <script>window.hacked=1</script>');
      expect(await page.evaluate('typeof window.hacked')).toBe('undefined');
      expect(await page.textContent('main')).toContain('22.50');
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Nothing wider than the screen but the tables' own scrolling regions.
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === 'pci_availability')!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/availability' });

      // A client's session does not open the overview.
      const overview = await page.goto(`${base}/availability`);
      expect(overview?.status()).toBe(401);

      await page.goto(`${base}/availability/details/${acme.handle}`);
      await page.click('text=Sign out');
      await page.waitForURL(`${base}/availability/sign-in`);
      const again = await page.goto(`${base}/availability/details/${acme.handle}`);
      expect(again?.status()).toBe(401);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the overview for a ServiceAdmin, linking to the details', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/availability`);
    await page.fill('#token', operator.token);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/availability`);
    expect(await page.textContent('h1')).toBe('Pricing and availability: all clients');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.click(`a[href="/availability/details/${acme.handle}"]`);
    await page.waitForURL(`${base}/availability/details/${acme.handle}`);
    expect(await page.textContent('main')).toContain('TEE-S');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
