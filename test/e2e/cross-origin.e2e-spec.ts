import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { demoRecipeSets, shareLinkPath } from '../support/share';

const BASE = '/api/assets/generated/recipeset/readable';
const CORP = 'cross-origin-resource-policy';
const local = (url: string) => url.replace('http://api.test', '');

/**
 * Cross-Origin-Resource-Policy: images and the redirects to them may be embedded by any site
 * (signed render URLs in storefronts' `<img>`, share images in web mail); everything else
 * (JSON, HTML pages, error answers) stays same-origin.
 */
describe('Cross-origin embedding (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let tee: string;

  const render = (path: string) =>
    request(t.http).get(`${BASE}/${path}`).set('SERVICE_API_TOKEN', a.token).redirects(0);
  const signed = async (url: string) => {
    const res = await request(t.http)
      .post('/api/assets/generated/sign')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ url });
    expect(res.status).toBe(200);
    expect(res.headers[CORP]).toBe('same-origin');
    return local(res.body.url as string);
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    [tee] = await demoRecipeSets(t, a);
  });
  afterAll(() => t.close());

  it('lets any site embed a render: the 302, the transformed 200 and its 304', async () => {
    const redirect = await render(`${tee}/north`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers[CORP]).toBe('cross-origin');
    const image = await render(`${tee}/north?width=100`);
    expect(image.status).toBe(200);
    expect(image.headers[CORP]).toBe('cross-origin');
    const again = await render(`${tee}/north?width=100`).set('If-None-Match', image.headers.etag);
    expect(again.status).toBe(304);
    expect(again.headers[CORP]).toBe('cross-origin');
    // The path-segment form is the same route family.
    expect((await render(`${tee}/north/width/100`)).headers[CORP]).toBe('cross-origin');
  });

  it('lets any site embed a signed render URL, and the blob it redirects to', async () => {
    const transformed = await request(t.http).get(
      await signed(`${BASE}/${tee}/north?width=120&format=jpeg`),
    );
    expect(transformed.status).toBe(200);
    expect(transformed.headers['content-type']).toBe('image/jpeg');
    expect(transformed.headers[CORP]).toBe('cross-origin');
    const redirect = await request(t.http)
      .get(await signed(`${BASE}/${tee}/north`))
      .redirects(0);
    expect(redirect.status).toBe(302);
    expect(redirect.headers[CORP]).toBe('cross-origin');
    const blob = await request(t.http).get(local(redirect.headers.location)).buffer(true);
    expect(blob.status).toBe(200);
    expect(blob.headers['content-type']).toBe('image/png');
    expect(blob.headers[CORP]).toBe('cross-origin');
    const cached = await request(t.http)
      .get(local(redirect.headers.location))
      .set('If-None-Match', blob.headers.etag);
    expect(cached.status).toBe(304);
    expect(cached.headers[CORP]).toBe('cross-origin');
  });

  it("lets any site embed a share link's image, not its page", async () => {
    const path = await shareLinkPath(t, a, tee);
    const image = await request(t.http).get(`${path}/image`).redirects(0);
    expect(image.status).toBe(302);
    expect(image.headers[CORP]).toBe('cross-origin');
    const page = await request(t.http).get(path);
    expect(page.status).toBe(200);
    expect(page.headers[CORP]).toBe('same-origin');
  });

  it('keeps same-origin on JSON answers, pages and error answers, on the render routes too', async () => {
    const json = await request(t.http)
      .get('/api/clients/current')
      .set('SERVICE_API_TOKEN', a.token);
    expect(json.status).toBe(200);
    expect(json.headers[CORP]).toBe('same-origin');
    const page = await request(t.http)
      .get(`/availability/details/${a.handle}`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(page.status).toBe(200);
    expect(page.headers[CORP]).toBe('same-origin');
    const unknown = await render('ZZZZZZZZ/north');
    expect(unknown.status).toBe(404);
    expect(unknown.headers[CORP]).toBe('same-origin');
    const invalid = await render(`${tee}/north?width=abc`);
    expect(invalid.status).toBe(400);
    expect(invalid.headers[CORP]).toBe('same-origin');
    const tampered = (await signed(`${BASE}/${tee}/north?width=90`)).replace(
      'width=90',
      'width=91',
    );
    const refused = await request(t.http).get(tampered);
    expect(refused.status).toBe(401);
    expect(refused.headers[CORP]).toBe('same-origin');
    const noBlob = await request(t.http).get(`/cdn/renders/00/${'0'.repeat(64)}.png`);
    expect(noBlob.status).toBe(404);
    expect(noBlob.headers[CORP]).toBe('same-origin');
  });
});
