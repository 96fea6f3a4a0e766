import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { uploadImage } from '../factories/catalog';
import { createClient, createToken, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

const WORDS = '/api/moderation/words';
const HASHES = '/api/moderation/blocked-hashes';

/** The Admin routes of the word lists and the hash blocklist, per client. */
describe('Moderation word lists and blocked hashes (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    user = await createToken(t.app, a.handle, Role.User);
  });
  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (path: string) => request(t.http).get(path).set('SERVICE_API_TOKEN', token),
    post: (path: string, body: unknown) =>
      request(t.http)
        .post(path)
        .set('SERVICE_API_TOKEN', token)
        .send(body as object),
    delete: (path: string) => request(t.http).delete(path).set('SERVICE_API_TOKEN', token),
  });

  it('adds words folded, lists them per client and language, refuses duplicates', async () => {
    const added = await as(a.token).post(WORDS, { locale: 'DE-at', word: '  Blöder   Hund ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ locale: 'de', word: 'bloder hund' });
    const again = await as(a.token).post(WORDS, { locale: 'de', word: 'BLÖDER hund' });
    expect([again.status, again.text]).toEqual([
      409,
      '"bloder hund" is on the de word list already.',
    ]);
    expect((await as(a.token).post(WORDS, { locale: 'fr', word: 'crétin' })).status).toBe(201);
    const all = await as(a.token).get(WORDS);
    expect(all.status).toBe(200);
    expect(all.body.data.map((w: { word: string }) => w.word)).toEqual(['bloder hund', 'cretin']);
    expect(all.body.builtInCounts).toMatchObject({
      en: expect.any(Number),
      nl: expect.any(Number),
    });
    const fr = await as(a.token).get(`${WORDS}?locale=fr`);
    expect(fr.body.data.map((w: { word: string }) => w.word)).toEqual(['cretin']);
    expect((await as(b.token).get(WORDS)).body.data).toEqual([]);
  });

  it('deletes only its own words', async () => {
    const added = await as(a.token).post(WORDS, { locale: 'en', word: 'nitwit' });
    const path = `${WORDS}/${added.body.id}`;
    expect((await as(b.token).delete(path)).status).toBe(404);
    expect((await as(a.token).delete(path)).status).toBe(204);
    const gone = await as(a.token).delete(path);
    expect([gone.status, gone.text]).toEqual([
      404,
      `Moderation word ${added.body.id} was not found.`,
    ]);
    expect((await as(a.token).delete(`${WORDS}/abc`)).status).toBe(400);
  });

  it('answers 400 naming the field of an invalid word', async () => {
    const cases: [unknown, string][] = [
      [{ locale: 'en', word: '!!!' }, 'word must contain a letter or digit'],
      [{ word: 'x' }, 'locale'],
      [{ locale: 'en' }, 'word'],
      [{ locale: 'english!', word: 'x' }, 'locale must be a language tag'],
    ];
    for (const [body, text] of cases) {
      const res = await as(a.token).post(WORDS, body);
      expect([res.status, res.text]).toEqual([400, expect.stringContaining(text)]);
    }
  });

  it('blocks hashes as given or of an upload, per client', async () => {
    const given = await as(a.token).post(HASHES, { hash: 'ABCDEF0123456789', label: 'x' });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ hash: 'abcdef0123456789', label: 'x' });
    const upload = await as(a.token).post(HASHES, {
      uploadedAssetId: String(await uploadImage(t, a)),
    });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      label: null,
    });
    const list = await as(a.token).get(HASHES);
    expect(list.body.data.map((h: { id: number }) => h.id)).toEqual([
      given.body.id,
      upload.body.id,
    ]);
    expect((await as(b.token).get(HASHES)).body.data).toEqual([]);
    const theirUpload = await as(b.token).post(HASHES, {
      uploadedAssetId: await uploadImage(t, a),
    });
    expect(theirUpload.status).toBe(404);
    expect((await as(b.token).delete(`${HASHES}/${given.body.id}`)).status).toBe(404);
    expect((await as(a.token).delete(`${HASHES}/${given.body.id}`)).status).toBe(204);
    expect((await as(a.token).get(HASHES)).body.data).toHaveLength(1);
  });

  it('answers 400 to neither or both of hash and uploadedAssetId, or a malformed hash', async () => {
    const cases: [unknown, string][] = [
      [{}, 'hash or uploadedAssetId is required'],
      [{ label: 'x' }, 'hash or uploadedAssetId is required'],
      [{ hash: '0123456789abcdef', uploadedAssetId: 1 }, 'must not both be sent'],
      [{ hash: 'xyz' }, 'hash must be 16 hexadecimal digits'],
      [{ uploadedAssetId: null }, 'uploadedAssetId must not be null'],
      [{ hash: null }, 'hash must not be null'],
    ];
    for (const [body, text] of cases) {
      const res = await as(a.token).post(HASHES, body);
      expect([res.status, res.text]).toEqual([400, expect.stringContaining(text)]);
    }
  });

  it('needs an Admin token', async () => {
    expect((await as(user).get(WORDS)).status).toBe(403);
    expect((await as(user).post(HASHES, { hash: '0123456789abcdef' })).status).toBe(403);
  });
});
