import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { ManualClock } from '../support/manual-clock';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';
const SIGN = '/api/assets/generated/sign';
const DAY = 86_400;

describe('Signed render URLs (HTTP)', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let tee: string;

  const sign = (client: TestClient, body: Record<string, unknown>) =>
    request(t.http).post(SIGN).set('SERVICE_API_TOKEN', client.token).send(body);
  /** Signs `url` for `client` and answers the signed path (without the origin). */
  const signed = async (client: TestClient, url: string, expiresInSeconds?: number) => {
    const res = await sign(client, { url, expiresInSeconds });
    expect(res.status).toBe(200);
    return (res.body.url as string).replace('http://api.test', '');
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SIGNED_URL_MAX_SECONDS: String(30 * DAY) } });
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    [{ readableId: tee }] = await demo.createRecipeSets(a.handle, { count: 1 });
  });
  afterAll(() => t.close());

  it('signs a render URL that then works without the token, until it expires', async () => {
    const res = await sign(a, { url: `${BASE}/${tee}/north?width=120&format=jpeg` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.url).toMatch(
      new RegExp(
        `^http://api\\.test${BASE}/${tee}/north\\?width=120&format=jpeg&client=${a.handle}&expires=\\d+&keyId=[^&]+&signature=[A-Za-z0-9_-]{43}$`,
      ),
    );
    // Seven days unless asked otherwise.
    expect(Date.parse(res.body.expiresAt)).toBe(
      Math.floor((clock.now().getTime() + 7 * DAY * 1000) / 1000) * 1000,
    );
    const path = (res.body.url as string).replace('http://api.test', '');
    const image = await request(t.http).get(path);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    clock.advance(7 * DAY * 1000 + 1000);
    const expired = await request(t.http).get(path);
    expect(expired.status).toBe(401);
    expect(expired.headers['content-type']).toMatch(TEXT_TYPE);
    expect(expired.text).toBe('The signed URL has expired: ask for a new one.');
  });

  it('shares the stored render with unsigned requests (the signature is not part of the key)', async () => {
    const path = await signed(a, `${BASE}/${tee}/view/north`, 3600);
    const viaLink = await request(t.http).get(path);
    expect(viaLink.status).toBe(302);
    const viaToken = await request(t.http)
      .get(`${BASE}/${tee}/view/north`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(viaLink.headers.location).toBe(viaToken.headers.location);
  });

  it('refuses a changed, added or removed parameter, and a signature on another route', async () => {
    const path = await signed(a, `http://api.test${BASE}/${tee}/north?width=100`, 3600);
    for (const changed of [
      path.replace('width=100', 'width=1000'),
      `${path}&height=50`,
      path.replace(`/${tee}/north`, `/${tee}/south`),
      path.replace(/&keyId=[^&]+/, '&keyId=other'),
    ]) {
      const res = await request(t.http).get(changed);
      expect(res.status).toBe(401);
      expect(res.text).toBe('The signature of the URL is invalid.');
    }
    const unsigned = await request(t.http).get(`${BASE}/${tee}/north?width=100`);
    expect(unsigned.status).toBe(401);
    expect(unsigned.text).toMatch(/^Missing API token/);
    // Only render routes take signatures: the same parameters elsewhere are no token.
    const query = path.slice(path.indexOf('?'));
    const elsewhere = await request(t.http).get(`/api/recipesets/${tee}${query}`);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.text).toMatch(/^Missing API token/);
  });

  it('checks the URL as the render route would: 400 naming the problem, 404 for others', async () => {
    const bad = async (body: Record<string, unknown>, message: RegExp, client = a) => {
      const res = await sign(client, body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toMatch(message);
    };
    await bad({ url: '/api/recipesets/X' }, /^Invalid url: only render URLs/);
    await bad({ url: 'ftp://api.test/x' }, /^Invalid url: it must be an http\(s\) URL/);
    await bad({ url: 'relative/path' }, /^Invalid url: it must be an http\(s\) URL/);
    await bad({ url: `${BASE}/${tee}` }, /^Invalid url: it names no recipe set and view angle/);
    await bad({ url: `${BASE}/${tee}/%E0%A4%A/x` }, /malformed percent-encoding/);
    await bad({ url: `${BASE}/${tee}/north?useCache=false` }, /useCache=false cannot be signed/);
    await bad({ url: `${BASE}/${tee}/north?state=lid` }, /state/);
    await bad({ url: `${BASE}/${tee}/north?width=0` }, /width/);
    await bad({}, /url/);
    await bad({ url: `${BASE}/${tee}/north`, expiresInSeconds: 0 }, /expiresInSeconds/);
    await bad({ url: `${BASE}/${tee}/north`, expiresInSeconds: 'soon' }, /expiresInSeconds/);
    await bad(
      { url: `${BASE}/${tee}/north`, expiresInSeconds: 30 * DAY + 1 },
      /expiresInSeconds must be at most 2592000/,
    );
    await bad({ url: `${BASE}/${tee}/north`, expiresInSeconds: 30 * DAY + 1 }, /SIGNED_URL/);
    // Another client's recipe set answers as if absent, and so does an unknown view angle.
    for (const [client, url] of [
      [b, `${BASE}/${tee}/north`],
      [a, `${BASE}/ZZZZ2222/north`],
      [a, `${BASE}/${tee}/upside-down`],
    ] as const) {
      const res = await sign(client, { url });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    }
  });

  it('stops working when the client it was signed for is gone', async () => {
    const c = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(c.handle);
    const [{ readableId }] = await demo.createRecipeSets(c.handle, { count: 1 });
    const path = await signed(c, `${BASE}/${readableId}/north`, 3600);
    expect((await request(t.http).get(path)).status).toBe(302);
    // No route deletes a client; an operator does it in the database (everything cascades).
    await t.dataSource.query('DELETE FROM client_account WHERE handle = $1', [c.handle]);
    const gone = await request(t.http).get(path);
    expect(gone.status).toBe(401);
    expect(gone.text).toBe('The signature of the URL is invalid.');
  });
});
