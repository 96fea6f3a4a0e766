import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { seriousAxeViolations } from './axe';
import { launchChromium, openPage } from './browser';

/** What a person sees: Swagger UI with the Authorize button, and the log-entry page. */
describe('In a real browser (Chromium)', () => {
  let t: TestApp;
  let client: TestClient;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    client = await createClient(t.app, { role: Role.User });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it('Swagger UI loads, Authorize takes the token (kept out of storage), and "Try it out" on an authenticated GET returns 200', async () => {
    const page = await openPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.swagger-ui .btn.authorize');
    await page.click('.btn.authorize');
    await page.fill('.modal-ux input', client.token);
    await page.click('.modal-ux button.authorize');
    await page.click('.modal-ux button.btn-done');
    const op = '#operations-Clients-getCurrentClient';
    await page.click(`${op} .opblock-summary`);
    await page.click(`${op} .try-out__btn`);
    await page.click(`${op} .execute`);
    const status = await page.waitForSelector(
      `${op} .live-responses-table .response .response-col_status`,
      { timeout: 10_000 },
    );
    expect((await status.textContent())?.trim()).toBe('200');
    expect(
      await page.textContent(`${op} .live-responses-table .response-col_description pre`),
    ).toContain(`"handle": "${client.handle}"`);
    expect(errors).toEqual([]);
    // The token is kept for this page only: nothing in the browser's storage holds it.
    const stored = await page.evaluate(() => {
      type Storages = Record<'localStorage' | 'sessionStorage', Record<string, string>>;
      const { localStorage, sessionStorage } = globalThis as unknown as Storages;
      return JSON.stringify([{ ...localStorage }, { ...sessionStorage }]);
    });
    expect(stored).not.toContain(client.token);
  });

  it('renders the log-entry page an error body links to', async () => {
    const res = await request(t.http)
      .post('/api/order/acknowledgement')
      .set('SERVICE_API_TOKEN', client.token)
      .send({
        purchaseOrderNumber: 'B-1',
        orderDate: '2026-03-30',
        lineItems: [{ recipeSetId: 'ZZZZ9999' }],
      });
    expect(res.status).toBe(404);
    const logId = /logentry\/detail\/([0-9a-f-]{36})/.exec(res.text)![1];
    const page = await openPage(browser);
    await page.goto(`${base}/logentry/detail/${logId}`);
    expect(await page.textContent('h1')).toBe('Log entry');
    const table = await page.textContent('table');
    expect(table).toContain('Recipe set ZZZZ9999 was not found.');
    expect(table).toContain('POST /api/order/acknowledgement');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
