import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { addProduct } from '../support/availability';
import { seriousAxeViolations } from './axe';
import { launchChromium, openPage } from './browser';
import { screenshot } from './screenshots';

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
    await addProduct(t, acme.id, 'hoodie', 'Hoodie', [
      ['HOODIE-NAVY-XXL-ORGANIC', 49.9],
      ['HOODIE-NAVY-M-ORGANIC', 44.9],
    ]);
    const change = async (sku: string, body: object) => {
      const res = await request(t.http)
        .patch(`/api/availability/${acme.handle}/skus/${sku}`)
        .set('SERVICE_API_TOKEN', acme.token)
        .send(body);
      expect(res.status).toBe(200);
    };
    await change('HOODIE-NAVY-XXL-ORGANIC', {
      adjustment: { type: 'percentage', value: -15, effectiveUntil: '2099-01-01T00:00:00Z' },
      availability: { status: 'backorder', expectedDate: '2099-02-15' },
    });
    await change('TEE-M', {
      adjustment: { type: 'amount', value: 2.5, effectiveFrom: '2099-03-01T09:30:00Z' },
    });
    await change('TEE-S', { availability: { status: 'unavailable' } });
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
      const page = await openPage(browser, { viewport });
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
      const cookies = await page.context().cookies();
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
      await page.context().close();
    });
  }

  it('the details page links back to the overview, prices in their currency (ServiceAdmin, desktop)', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/availability/details/${acme.handle}`);
    await page.fill('#token', operator.token);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/availability/details/${acme.handle}`);
    expect(await page.textContent('main')).toContain('€49.90');
    // A SKU stays on one line.
    const sku = await page.$('code.sku >> text=HOODIE-NAVY-XXL-ORGANIC');
    const box = await sku!.boundingBox();
    expect(box!.height).toBeLessThan(30);
    expect(await page.getAttribute('time[datetime="2099-02-15"]', 'datetime')).toBe('2099-02-15');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'availability-details');
    await page.click('a.back');
    await page.waitForURL(`${base}/availability`);
    expect(await page.textContent('h1')).toBe('Pricing and availability: all clients');
    await screenshot(page, 'availability-overview');
    await page.context().close();
  });

  it('the overview for a ServiceAdmin, linking to the details', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
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
    await page.context().close();
  });
});
