import { createHash } from 'node:crypto';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import { JSON_TYPE } from '../factories/orders';
import { ManualClock } from '../support/manual-clock';
import { createTestApp, TestApp } from '../setup/test-app';
import { demoRecipeSets, imagePath, linkPath, outboxMessages, share } from '../support/share';

const DAY_MS = 86_400_000;
const HTML_TYPE = /^text\/html; charset=utf-8$/;

/** The public share page a link opens, and the links' administration (list, revoke). */
describe('Share: the share page and share links (HTTP)', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let aUser: string;
  let id: string;
  /** Share link paths by recipient. */
  const links = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    aUser = await createToken(t.app, a.handle, Role.User);
    [id] = await demoRecipeSets(t, a);
    const res = await share(t, aUser, {
      emailAddresses: ['ann@example.com', 'bob@example.com'],
      phoneNumbers: ['+33 6 12 34 56 78'],
      recipeSetReadableId: id,
      locale: 'fr',
    });
    expect(res.status).toBe(200);
    for (const m of await outboxMessages(t)) {
      const text = m.message.channel === 'email' ? m.message.email.text : m.message.text;
      links.set(m.message.to, linkPath(text));
    }
  });
  afterAll(() => t.close());

  /** The image path in the share e-mail sent to `to`. */
  const emailImage = async (to: string) => {
    const email = (await outboxMessages(t)).find((m) => m.message.to === to)!;
    if (email.message.channel !== 'email') throw new Error('an e-mail');
    return imagePath(email.message.email.html);
  };
  const page = (path: string, language?: string) => {
    const req = request(t.http).get(path);
    return language ? req.set('Accept-Language', language) : req;
  };

  it('opens the share page: the product, its image, preview tags, in French', async () => {
    const res = await page(links.get('ann@example.com')!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(HTML_TYPE);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    const html = res.text;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toContain(
      '<meta property="og:description" content="Un design personnalisé partagé avec vous.">',
    );
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/api\.test\/share\/[\w-]{43}\/image">/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('Quelqu&#39;un a partagé un design personnalisé avec vous.');
    expect(html).toMatch(/<img src="[^"]+" alt="Image du design : [^"]+">/);
    // Its style is the one the policy's hash allows.
    const style = /<style>([^<]*)<\/style>/.exec(html)![1];
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it("shows the link's image: a redirect to the stored render, a PNG, without a token", async () => {
    const path = links.get('bob@example.com')!;
    const src = imagePath((await page(path)).text);
    expect(src).toBe(`${path}/image`);
    const render = await request(t.http).get(src).redirects(0);
    expect(render.status).toBe(302);
    expect(render.headers['cache-control']).toBe('no-store, private');
    const image = await request(t.http)
      .get(render.headers.location.replace('http://api.test', ''))
      .buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((image.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    // The e-mail shows the same image.
    expect(await emailImage('bob@example.com')).toBe(src);
    const unknown = await request(t.http).get(`/share/${'x'.repeat(43)}/image`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('This share link does not exist.');
  });

  it('answers 404 with an HTML page for an unknown link, in the visitor language', async () => {
    for (const token of ['x'.repeat(43), 'short', '%E2%82%AC']) {
      const res = await page(`/share/${token}`, 'de-DE,de;q=0.9,en;q=0.5');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(HTML_TYPE);
      expect(res.text).toContain('<html lang="de">');
      expect(res.text).toContain('<h1>Link nicht gefunden</h1>');
    }
    expect((await page(`/share/${'y'.repeat(43)}`)).text).toContain('<html lang="en">');
  });

  it('lists the links for Admin tokens, recipients masked, never the links', async () => {
    const list = await request(t.http)
      .get(`/api/share/links?recipeSetReadableId=${id}`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(JSON_TYPE);
    const data = list.body.data as { recipient: string; channel: string; locale: string }[];
    expect(data.map((l) => l.recipient).sort()).toEqual([
      '+33*******78',
      'a***@example.com',
      'b***@example.com',
    ]);
    expect(data.every((l) => l.locale === 'fr')).toBe(true);
    expect(JSON.stringify(list.body)).not.toMatch(/share\/|ann@|bob@/);
    const all = await request(t.http).get('/api/share/links').set('SERVICE_API_TOKEN', a.token);
    expect(all.body.data).toHaveLength(3);
    // A User token may not; another client sees none of them, and not the recipe set.
    expect(
      (await request(t.http).get('/api/share/links').set('SERVICE_API_TOKEN', aUser)).status,
    ).toBe(403);
    const theirs = await request(t.http).get('/api/share/links').set('SERVICE_API_TOKEN', b.token);
    expect(theirs.body).toEqual({ data: [] });
    const foreign = await request(t.http)
      .get(`/api/share/links?recipeSetReadableId=${id}`)
      .set('SERVICE_API_TOKEN', b.token);
    expect(foreign.status).toBe(404);
  });

  it('revokes one link (410 page from then on), leaving the others working', async () => {
    const list = await request(t.http).get('/api/share/links').set('SERVICE_API_TOKEN', a.token);
    const bob = (list.body.data as { id: string; recipient: string }[]).find(
      (l) => l.recipient === 'b***@example.com',
    )!;
    const revoke = (token: string, linkId: string) =>
      request(t.http).delete(`/api/share/links/${linkId}`).set('SERVICE_API_TOKEN', token);
    expect((await revoke(b.token, bob.id)).status).toBe(404);
    expect((await revoke(a.token, 'not-a-uuid')).status).toBe(404);
    expect((await revoke(a.token, bob.id)).status).toBe(204);
    expect((await revoke(a.token, bob.id)).status).toBe(204);
    const gone = await page(links.get('bob@example.com')!);
    expect(gone.status).toBe(410);
    // The image of the e-mail stops with the link (issue 24: a signed render URL kept working
    // until it expired).
    const image = await request(t.http).get(await emailImage('bob@example.com'));
    expect(image.status).toBe(410);
    expect(image.headers['content-type']).toMatch(/^text\/plain/);
    expect(image.text).toBe('This share link has expired or was withdrawn.');
    expect((await request(t.http).get(`${links.get('ann@example.com')!}/image`)).status).toBe(302);
    expect(gone.headers['content-type']).toMatch(HTML_TYPE);
    expect(gone.text).toContain('<html lang="fr">');
    expect(gone.text).toContain('<h1>Ce lien n&#39;est plus disponible</h1>');
    expect((await page(links.get('ann@example.com')!)).status).toBe(200);
    const after = await request(t.http).get('/api/share/links').set('SERVICE_API_TOKEN', a.token);
    const revoked = (after.body.data as { id: string; revokedAt: string | null }[]).find(
      (l) => l.id === bob.id,
    );
    expect(revoked?.revokedAt).toMatch(/Z$/);
  });

  it('answers 410 once the recipe set is on hold, and again 200 when it is not', async () => {
    const path = links.get('ann@example.com')!;
    await t.dataSource.query(`UPDATE recipe_set SET status = 'OnHold' WHERE readable_id = $1`, [
      id,
    ]);
    expect((await page(path)).status).toBe(410);
    expect((await request(t.http).get(`${path}/image`)).status).toBe(410);
    await t.dataSource.query(`UPDATE recipe_set SET status = 'Created' WHERE readable_id = $1`, [
      id,
    ]);
    expect((await page(path)).status).toBe(200);
    expect((await request(t.http).get(`${path}/image`)).status).toBe(302);
  });

  it("stops the image when an operator switches the client's sharing off", async () => {
    const path = links.get('ann@example.com')!;
    const operator = await createClient(t.app, { role: Role.ServiceAdmin });
    const sharing = (sharingEnabled: boolean) =>
      request(t.http)
        .patch(`/admin/clients/${a.handle}`)
        .set('SERVICE_API_TOKEN', operator.token)
        .send({ sharingEnabled });
    expect((await sharing(false)).status).toBe(200);
    expect((await request(t.http).get(`${path}/image`)).status).toBe(410);
    expect((await sharing(true)).status).toBe(200);
    expect((await request(t.http).get(`${path}/image`)).status).toBe(302);
  });

  it('answers 410 after 30 days: the link has expired', async () => {
    const path = links.get('+33612345678')!;
    clock.advance(30 * DAY_MS - 60_000);
    expect((await page(path)).status).toBe(200);
    clock.advance(120_000);
    const res = await page(path);
    expect(res.status).toBe(410);
    expect(res.text).toContain('a expiré ou a été retiré');
  });

  it('keeps addresses, numbers and share tokens out of the logs', () => {
    const logs = t.logs();
    expect(logs).toContain('/share/[token]');
    for (const secret of ['ann@example.com', 'bob@example.com', '+33612345678'])
      expect(logs).not.toContain(secret);
    for (const path of links.values()) expect(logs).not.toContain(path.slice('/share/'.length));
  });
});
