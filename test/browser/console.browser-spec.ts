import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { DEMO_BOTTLE_SKU, line, order } from '../factories/orders';
import { freePort } from '../../scripts/lib/ports';
import { createTestApp, TestApp } from '../setup/test-app';
import { acceptInvitation, invite } from '../support/users';
import { seriousAxeViolations } from './axe';
import { launchChromium, openPage } from './browser';
import { screenshot } from './screenshots';

const PASSWORD = 'violet tractor 42 sings';

/**
 * The admin console in Chromium, as an invited user meets it: signed out, every console address
 * leads to the sign-in page; signed in, the account's orders (counts per status, a filter, a sort),
 * an order with its renders and print files; signed out again, nothing. Another client's user sees
 * none of it. Every screen passes axe, and the page runs under the console's CSP without a
 * violation.
 */
describe('The admin console in a real browser (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let acme: TestClient;
  let globex: TestClient;
  let recipeSets: string[];

  beforeAll(async () => {
    // The API's links (the print files' ZIP) name BASE_URL: the address the browser opens.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { WORKERS: 'true', BASE_URL: base } });
    await t.app.listen(port, '127.0.0.1');
    acme = await createClient(t.app, { role: Role.Admin });
    globex = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(acme.handle);
    recipeSets = (
      await demo.createRecipeSets(acme.handle, { count: 2, product: 'demo-bottle' })
    ).map((r) => r.readableId);
    for (const [i, po] of ['ACME-1001', 'ACME-1002', 'ACME-2001'].entries()) {
      const res = await request(t.http)
        .post('/api/order/acknowledgement')
        .set('SERVICE_API_TOKEN', acme.token)
        .send(order(po, [line(recipeSets[i % 2], DEMO_BOTTLE_SKU, i + 1)]));
      expect(res.status).toBe(200);
    }
    for (const [client, email] of [
      [acme, 'bea@acme.example'],
      [globex, 'gil@globex.example'],
    ] as const) {
      const { link } = await invite(t, client.token, { email, role: 'User' });
      await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A page that records script errors and CSP violations (Chromium reports them on the console). */
  async function consolePage(): Promise<{ page: Page; problems: string[] }> {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    return { page, problems };
  }

  /**
   * axe on the page once React Aria's live announcements have gone (it removes each after a few
   * seconds): an announcement of a label can outlive the element it names, which axe would report
   * as an image without text although nothing on the page is one.
   */
  async function axeWhenAnnounced(page: Page): Promise<string[]> {
    const announcements = page.locator('[data-live-announcer] [role=img]');
    while ((await announcements.count()) > 0) await page.waitForTimeout(250);
    return seriousAxeViolations(page);
  }

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${base}/console/orders`);
    await page.waitForURL(/\/console\/sign-in/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/orders/);
  }

  it('signs in, lists, filters and sorts the orders, opens one with its renders and print files, signs out', async () => {
    const { page, problems } = await consolePage();
    await page.goto(`${base}/console/`);
    await page.waitForURL(/\/console\/sign-in/);
    expect(await axeWhenAnnounced(page)).toEqual([]);
    await screenshot(page, 'console-sign-in');

    // A wrong password: the API's answer, and still the sign-in page.
    await page.getByLabel('E-mail').fill('bea@acme.example');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toContain('/console/sign-in');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/orders/);
    await page.getByRole('link', { name: 'ACME-2001' }).waitFor();
    const rows = page.getByRole('row');
    expect(await rows.count()).toBe(4); // the header and three orders
    const current = await request(t.http)
      .get('/api/clients/current')
      .set('SERVICE_API_TOKEN', acme.token);
    expect(await page.getByRole('banner').textContent()).toContain(current.body.name);
    expect(await axeWhenAnnounced(page)).toEqual([]);
    await screenshot(page, 'console-orders');

    // A filter goes into the URL (a deep link) and narrows the list.
    await page.getByLabel('Purchase order number').fill('ACME-10');
    await page.getByLabel('Purchase order number').press('Enter');
    await page.waitForURL(/purchaseOrderNumber=ACME-10/);
    await page.getByRole('link', { name: 'ACME-2001' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(3);
    // Sorting by purchase order number, ascending.
    await page.getByRole('columnheader', { name: 'Purchase order' }).click();
    await page.waitForURL(/sort=purchaseOrderNumber/);
    // The previous page stays until the sorted one arrives.
    await page.getByRole('row').nth(1).filter({ hasText: 'ACME-1001' }).waitFor();

    await page.getByRole('link', { name: 'ACME-1002' }).click();
    await page.waitForURL(/\/console\/orders\/ACME-1002$/);
    await page.getByRole('heading', { name: 'Order ACME-1002' }).waitFor();
    expect(await page.getByRole('rowheader', { name: DEMO_BOTTLE_SKU }).count()).toBe(1);
    // A render of every view angle, loaded (the image answered and decoded).
    const render = page.getByRole('img').first();
    await render.waitFor();
    for (const img of await page.getByRole('img').all()) {
      const loaded = () =>
        img.evaluate(
          (i: { complete: boolean; naturalWidth: number }) => i.complete && i.naturalWidth > 0,
        );
      while (!(await loaded())) await page.waitForTimeout(250);
    }
    // The print files, once made, by their link: the ZIP downloads.
    const zip = page.getByRole('link', { name: /Print files \(ZIP/ });
    await zip.waitFor({ timeout: 240_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), zip.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(await axeWhenAnnounced(page)).toEqual([]);
    await screenshot(page, 'console-order');

    await page.getByRole('button', { name: /Account of/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/console\/sign-in/);
    // Signed out: the console asks to sign in again, and the API refuses the old cookie.
    await page.goto(`${base}/console/orders/ACME-1002`);
    await page.waitForURL(/\/console\/sign-in/);
    const status = await page.evaluate(async () => (await fetch('/api/session')).status);
    expect(status).toBe(401);
    // Nothing went wrong in the page; the browser notes each refused request (the session checks
    // while signed out, the wrong password), which is all it may note.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });

  it("shows another client's user none of these orders", async () => {
    const { page, problems } = await consolePage();
    await signIn(page, 'gil@globex.example');
    await page.getByText('No orders match these filters.').waitFor();
    await page.goto(`${base}/console/orders/ACME-1001`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/not found|no such/i);
    // The only console errors are the browser's notes of refused requests (the session check
    // before sign-in, the other client's order), nothing of the page's.
    expect(problems.filter((p) => !/status of (401|404)/.test(p))).toEqual([]);
  });

  it('refuses a form another site posts under the signed-in session (no invitation is sent)', async () => {
    const { page } = await consolePage();
    await signIn(page, 'bea@acme.example');
    // Another site (localhost is not 127.0.0.1's site) with a form aimed at the API.
    const target = `${base}/api/user/invite`;
    const evil: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Win a prize</title><form method="post" action="${target}">` +
          '<input name="email" value="intruder@evil.example"><button>Claim</button></form>',
      );
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    try {
      const port = (evil.address() as AddressInfo).port;
      await page.goto(`http://localhost:${port}/`);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url() === target),
        page.getByRole('button', { name: 'Claim' }).click(),
      ]);
      expect([401, 403]).toContain(answer.status());
    } finally {
      await new Promise<void>((r) => evil.close(() => r()));
    }
    const users = await request(t.http).get('/api/users').set('SERVICE_API_TOKEN', acme.token);
    expect(JSON.stringify(users.body)).not.toContain('intruder@evil.example');
  });
});
