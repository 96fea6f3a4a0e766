import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { freePort } from '../../scripts/lib/ports';
import { createTestApp, TestApp } from '../setup/test-app';
import { demoRecipeSets, shareLinkPath } from '../support/share';
import { launchChromium, openPage } from './browser';

const RENDERS = '/api/assets/generated/recipeset/readable';
const port = (server: Server) => (server.address() as AddressInfo).port;

/**
 * Images of the API in pages of other sites, as Chromium enforces Cross-Origin-Resource-Policy
 * (`ERR_BLOCKED_BY_RESPONSE.NotSameOrigin` for a `same-origin` answer): a storefront page on
 * another origin shows a signed render URL (its transformed image, and its redirect to the
 * stored render) and a /cdn blob; the share page opened on another host than BASE_URL shows its
 * image.
 */
describe('Cross-origin images in a real browser (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let storefront: Server;
  /** The API as BASE_URL names it (127.0.0.1) and as another site (localhost). */
  let api: string;
  let otherHost: string;
  let client: TestClient;
  let tee: string;
  let html = '';

  beforeAll(async () => {
    // BASE_URL (signed URLs, blob links, share images) names where the test app listens.
    const apiPort = await freePort();
    api = `http://127.0.0.1:${apiPort}`;
    otherHost = `http://localhost:${apiPort}`;
    t = await createTestApp({ env: { BASE_URL: api } });
    await t.app.listen(apiPort, '127.0.0.1');
    client = await createClient(t.app, { role: Role.Admin });
    [tee] = await demoRecipeSets(t, client);
    storefront = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    });
    await new Promise<void>((done) => storefront.listen(0, '127.0.0.1', done));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => storefront?.close(done));
    await t?.close();
  });

  /** Opens `url` and answers what failed: responses of 400 and more, failed loads, console errors. */
  async function open(url: string): Promise<{ page: Page; problems: string[] }> {
    const page = await openPage(browser);
    const problems: string[] = [];
    page.on('requestfailed', (r) => problems.push(`${r.failure()?.errorText} ${r.url()}`));
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico'))
        problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('favicon.ico')) problems.push(m.text());
    });
    await page.goto(url);
    // Page-side code as text: the project's TypeScript has no DOM types.
    await page.waitForFunction('[...document.images].every((i) => i.complete)');
    return { page, problems };
  }

  const naturalWidths = (page: Page) =>
    page.evaluate<Record<string, number>>(
      'Object.fromEntries([...document.images].map((i) => [i.id || i.alt, i.naturalWidth]))',
    );

  it('shows a signed render URL and a /cdn blob in a page of another origin', async () => {
    const sign = async (url: string) => {
      const res = await request(t.http)
        .post('/api/assets/generated/sign')
        .set('SERVICE_API_TOKEN', client.token)
        .send({ url });
      expect(res.status).toBe(200);
      return res.body.url as string;
    };
    const transformed = await sign(`${RENDERS}/${tee}/north?width=240&format=jpeg`);
    const redirected = await sign(`${RENDERS}/${tee}/north`);
    const stored = await request(t.http).get(redirected.slice(api.length));
    expect(stored.status).toBe(302);
    const blob = stored.headers.location;
    expect(blob.startsWith(`${api}/cdn/renders/`)).toBe(true);
    const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Storefront</title></head><body>
<img id="transformed" src="${attr(transformed)}" alt="">
<img id="redirected" src="${attr(redirected)}" alt="">
<img id="blob" src="${attr(blob)}" alt="">
</body></html>`;
    const { page, problems } = await open(`http://localhost:${port(storefront)}/`);
    expect(problems).toEqual([]);
    const widths = await naturalWidths(page);
    expect(widths).toEqual({ transformed: 240, redirected: 1000, blob: 1000 });
    await page.close();
  });

  it('shows the share page and its image on another host than BASE_URL', async () => {
    const path = await shareLinkPath(t, client, tee);
    const { page, problems } = await open(`${otherHost}${path}`);
    expect(problems).toEqual([]);
    expect(await page.evaluate('location.origin')).toBe(otherHost);
    const image = await page.getAttribute('main img', 'src');
    expect(image).toBe(`${api}${path}/image`);
    expect(Object.values(await naturalWidths(page))).toEqual([1000]);
    await page.close();
  });
});
