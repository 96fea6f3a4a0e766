import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { uploadImage } from '../factories/catalog';
import { createClient, TestClient } from '../factories/clients';
import { MACHINE_PATH, moderate, moderateFile, pattern, plain } from '../factories/moderation';
import { createTestApp, TestApp } from '../setup/test-app';

/** Machine moderation through HTTP: the hash blocklist, blank and oddly shaped images. */
describe('Machine moderation (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let original: Buffer;
  let blockedId: number;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    original = await pattern(1);
    blockedId = await uploadImage(t, a, original);
    const blocked = await request(t.http)
      .post('/api/moderation/blocked-hashes')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ uploadedAssetId: blockedId, label: 'leaked logo' });
    expect(blocked.status).toBe(201);
    expect(blocked.body.hash).toMatch(/^[0-9a-f]{16}$/);
  });
  afterAll(() => t.close());

  const reasons = (body: { reasons: { code: string }[] }) => body.reasons.map((r) => r.code);

  it('blocks the blocklisted upload itself', async () => {
    const res = await moderate(t, MACHINE_PATH, a, { uploadedAssetId: blockedId });
    expect(res.status).toBe(200);
    expect(res.body.verdict).toBe('block');
    expect(reasons(res.body)).toEqual(['BLOCKED_IMAGE']);
    expect(res.body.reasons[0].message).toContain('(leaked logo)');
    expect(res.body.scores.hashDistance).toBe(0);
  });

  it('blocks a resized, recompressed copy of it (a small Hamming distance)', async () => {
    const copy = await sharp(original).resize(500).jpeg({ quality: 60 }).toBuffer();
    const res = await moderate(t, MACHINE_PATH, a, {
      uploadedAssetId: await uploadImage(t, a, copy),
    });
    expect(res.body.verdict).toBe('block');
    expect(res.body.scores.hashDistance).toBeLessThanOrEqual(3);
    // The same as a multipart file.
    const sent = await moderateFile(t, MACHINE_PATH, a, copy);
    expect(sent.status).toBe(200);
    expect(sent.body.verdict).toBe('block');
  });

  it('passes a different picture, far from the blocked hash', async () => {
    const res = await moderateFile(t, MACHINE_PATH, a, await pattern(2));
    expect(res.body.verdict).toBe('pass');
    expect(res.body.reasons).toEqual([]);
    expect(res.body.scores.hashDistance).toBeGreaterThan(14);
    expect(res.body.scores.blank).toBeLessThan(0.5);
    expect(res.body.scores.aspectRatio).toBeCloseTo(1.33, 2);
  });

  it('blocks blank and fully transparent images, reviews a nearly blank one', async () => {
    const white = await moderateFile(t, MACHINE_PATH, a, await plain(400, 400));
    expect([white.body.verdict, reasons(white.body)]).toEqual(['block', ['BLANK_IMAGE']]);
    expect(white.body.scores.blank).toBe(1);
    const clear = await plain(400, 400, { r: 0, g: 0, b: 0, alpha: 0 });
    expect((await moderateFile(t, MACHINE_PATH, a, clear)).body.verdict).toBe('block');
    // White with a faint grey square: a contrast of about 4.
    const faint = await sharp(await plain(400, 400))
      .composite([
        { input: await plain(100, 100, { r: 240, g: 240, b: 240, alpha: 1 }), left: 150, top: 150 },
      ])
      .png()
      .toBuffer();
    const near = await moderateFile(t, MACHINE_PATH, a, faint);
    expect([near.body.verdict, reasons(near.body)]).toEqual(['review', ['NEAR_BLANK_IMAGE']]);
  });

  it('reviews a 10:1 image', async () => {
    const res = await moderateFile(t, MACHINE_PATH, a, await pattern(3, 1000, 100));
    expect(res.body.verdict).toBe('review');
    expect(reasons(res.body)).toEqual(['EXTREME_ASPECT_RATIO']);
    expect(res.body.scores.aspectRatio).toBe(10);
  });

  it("blocks listed words, and keeps each client's blocklist its own", async () => {
    const words = await moderate(t, MACHINE_PATH, a, {
      uploadedAssetId: blockedId,
      text: 'hijo de puta',
      locale: 'es',
    });
    expect(reasons(words.body)).toEqual(['BLOCKED_IMAGE', 'OFFENSIVE_TEXT']);
    const theirs = await moderateFile(t, MACHINE_PATH, b, original);
    expect(theirs.body.verdict).toBe('pass');
    expect(theirs.body.scores.hashDistance).toBeNull();
    const list = await request(t.http)
      .get('/api/moderation/blocked-hashes')
      .set('SERVICE_API_TOKEN', b.token);
    expect(list.body.data).toEqual([]);
  });

  it("answers 404 for another client's upload and 400 without an image", async () => {
    const other = await moderate(t, MACHINE_PATH, b, { uploadedAssetId: blockedId });
    expect([other.status, other.text]).toEqual([404, `Uploaded asset ${blockedId} was not found.`]);
    const none = await moderate(t, MACHINE_PATH, a, { text: 'hello' });
    expect([none.status, none.text]).toEqual([
      400,
      expect.stringContaining('uploadedAssetId is required'),
    ]);
  });
});
