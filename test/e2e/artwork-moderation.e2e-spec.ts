import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { uploadImage } from '../factories/catalog';
import { createClient, TestClient } from '../factories/clients';
import {
  ARTWORK_PATH,
  createTee,
  logo,
  moderate,
  moderateFile,
  plain,
  stripes,
} from '../factories/moderation';
import { createTestApp, TestApp } from '../setup/test-app';
import { EXE_BYTES } from '../support/images';

interface Issue {
  code: string;
  severity: string;
  message: string;
}
const codes = (issues: Issue[]) => issues.map((i) => `${i.severity}:${i.code}`);

/** Artwork moderation through HTTP: the checks, multipart, word lists, tenancy and errors. */
describe('Artwork moderation (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let small: number;
  let large: number;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    await createTee(t, a);
    small = await uploadImage(t, a, await logo(100, 100));
    large = await uploadImage(t, a, await logo(1200, 1200));
  });
  afterAll(() => t.close());

  const placed = (uploadedAssetId: number, extra: Record<string, unknown> = {}) => ({
    uploadedAssetId,
    productHandle: 'tee',
    location: 'front',
    width: 100,
    height: 100,
    ...extra,
  });

  describe('resolution at the placement size', () => {
    it('flags 100 × 100 px placed at 100 mm on a 300-DPI location, and is not approved', async () => {
      const res = await moderate(t, ARTWORK_PATH, a, placed(small));
      expect(res.status).toBe(200);
      expect(res.body.approved).toBe(false);
      const dpi = (res.body.issues as Issue[]).find((i) => i.code === 'RESOLUTION_TOO_LOW');
      expect(dpi).toMatchObject({ severity: 'error' });
      expect(dpi?.message).toContain('25 DPI');
      expect(dpi?.message).toContain('300 DPI location front');
      expect(res.body.measurements).toMatchObject({
        format: 'png',
        width: 100,
        height: 100,
        effectiveDpi: 25.4,
        requiredDpi: 300,
        hasTransparency: true,
      });
    });

    it('approves 1200 × 1200 px at 100 mm', async () => {
      const res = await moderate(t, ARTWORK_PATH, a, placed(large));
      expect(res.status).toBe(200);
      expect(res.body.approved).toBe(true);
      expect(codes(res.body.issues)).toEqual([]);
      expect(res.body.measurements.effectiveDpi).toBe(304.8);
    });

    it('warns below the DPI and fits the print area without a size', async () => {
      const res = await moderate(t, ARTWORK_PATH, a, {
        ...placed(large),
        width: 200,
        height: undefined,
      });
      expect(codes(res.body.issues)).toEqual(['warning:RESOLUTION_LOW']);
      expect(res.body.approved).toBe(true);
      // Fitted into 300 × 400 mm: 1200 px over 300 mm is 101.6 DPI, below half of 300.
      const fitted = await moderate(t, ARTWORK_PATH, a, {
        uploadedAssetId: large,
        productHandle: 'TEE',
        location: 'Front',
      });
      expect(fitted.body.measurements).toMatchObject({
        placementWidthMm: 300,
        placementHeightMm: 300,
      });
      expect(codes(fitted.body.issues)).toContain('error:RESOLUTION_TOO_LOW');
    });

    it('checks the multipart file alike, without storing it', async () => {
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM uploaded_asset');
      const fields = { productHandle: 'tee', location: 'front', width: '100', height: '100' };
      const bad = await moderateFile(t, ARTWORK_PATH, a, await logo(100, 100), fields);
      expect(bad.status).toBe(200);
      expect(bad.body.approved).toBe(false);
      expect(codes(bad.body.issues)).toContain('error:RESOLUTION_TOO_LOW');
      const good = await moderateFile(t, ARTWORK_PATH, a, await logo(1200, 1200), fields);
      expect(good.status).toBe(200);
      expect(good.body.approved).toBe(true);
      const after = await t.dataSource.query('SELECT count(*)::int AS n FROM uploaded_asset');
      expect(after).toEqual(before);
    });
  });

  describe('transparency, colours and format', () => {
    it('warns of a solid background on a print location', async () => {
      const res = await moderateFile(t, ARTWORK_PATH, a, await plain(1200, 1200), {
        productHandle: 'tee',
        location: 'front',
        width: '100',
      });
      expect(codes(res.body.issues)).toEqual(['warning:SOLID_BACKGROUND']);
      expect(res.body.issues[0].message).toContain('#ffffff');
    });

    it('warns of more than 12 colours on the embroidery location only', async () => {
      const many = await stripes(20);
      const back = await moderateFile(t, ARTWORK_PATH, a, many, {
        productHandle: 'tee',
        location: 'back',
      });
      expect(codes(back.body.issues)).toContain('warning:TOO_MANY_COLOURS');
      expect(back.body.measurements.colours).toBeGreaterThan(12);
      const front = await moderateFile(t, ARTWORK_PATH, a, many, {
        productHandle: 'tee',
        location: 'front',
      });
      expect(codes(front.body.issues)).not.toContain('warning:TOO_MANY_COLOURS');
      const few = await moderateFile(t, ARTWORK_PATH, a, await stripes(4), {
        productHandle: 'tee',
        location: 'back',
      });
      expect(codes(few.body.issues)).not.toContain('warning:TOO_MANY_COLOURS');
      expect(few.body.measurements.colours).toBeLessThanOrEqual(5);
    });

    it('reports a GIF with a warning and a tiny image as an error', async () => {
      const gif = await sharp(await logo(400, 400))
        .gif()
        .toBuffer();
      expect(codes((await moderateFile(t, ARTWORK_PATH, a, gif)).body.issues)).toContain(
        'warning:FORMAT_LIMITED',
      );
      const tiny = await moderateFile(t, ARTWORK_PATH, a, await logo(30, 30));
      expect(codes(tiny.body.issues)).toContain('error:IMAGE_TOO_SMALL');
      expect(tiny.body.approved).toBe(false);
    });

    it('takes SVG as vector artwork without rasterising it', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="10"/></svg>',
      );
      const res = await moderateFile(t, ARTWORK_PATH, a, svg, {
        productHandle: 'tee',
        location: 'front',
        width: '100',
      });
      expect(res.status).toBe(200);
      expect(res.body.approved).toBe(true);
      expect(codes(res.body.issues)).toEqual(['info:VECTOR_ARTWORK']);
    });
  });

  describe('text against the word lists', () => {
    it('flags a built-in word as a whole word, in any case and without diacritics', async () => {
      const en = await moderate(t, ARTWORK_PATH, a, {
        uploadedAssetId: large,
        text: 'What a SHIT shirt',
        locale: 'en',
      });
      expect(en.body.approved).toBe(false);
      expect(codes(en.body.issues)).toEqual(['error:OFFENSIVE_TEXT']);
      expect(en.body.issues[0].message).toContain('"shit" of the en list');
      const inside = await moderate(t, ARTWORK_PATH, a, {
        uploadedAssetId: large,
        text: 'Shitake farm',
        locale: 'en',
      });
      expect(inside.body.approved).toBe(true);
      // Without a locale every language's list applies; with another, only that one.
      const de = await moderate(t, ARTWORK_PATH, a, {
        uploadedAssetId: large,
        text: 'So eine Scheisse',
      });
      expect(codes(de.body.issues)).toEqual(['error:OFFENSIVE_TEXT']);
      const fr = await moderate(t, ARTWORK_PATH, a, {
        uploadedAssetId: large,
        text: 'So eine Scheisse',
        locale: 'fr',
      });
      expect(fr.body.approved).toBe(true);
    });

    it("applies a client's own word for its language and client only", async () => {
      const added = await request(t.http)
        .post('/api/moderation/words')
        .set('SERVICE_API_TOKEN', a.token)
        .send({ locale: 'de-CH', word: 'Dümmkopf' });
      expect(added.status).toBe(201);
      const text = { text: 'Du DUMMKOPF!', locale: 'de' };
      const mine = await moderate(t, ARTWORK_PATH, a, { uploadedAssetId: large, ...text });
      expect(codes(mine.body.issues)).toEqual(['error:OFFENSIVE_TEXT']);
      const otherLanguage = await moderate(t, ARTWORK_PATH, a, {
        uploadedAssetId: large,
        ...text,
        locale: 'nl',
      });
      expect(otherLanguage.body.approved).toBe(true);
      const theirs = await moderate(t, ARTWORK_PATH, b, {
        uploadedAssetId: await uploadImage(t, b, await logo(1200, 1200)),
        ...text,
      });
      expect(theirs.status).toBe(200);
      expect(theirs.body.approved).toBe(true);
      // A ServiceAdmin naming client a moderates a's upload against a's list (issue 24 low).
      const operator = await createClient(t.app, { role: Role.ServiceAdmin });
      const forA = await moderate(t, ARTWORK_PATH, operator, {
        uploadedAssetId: large,
        ...text,
      }).set('clientHandle', a.handle);
      expect(forA.status).toBe(200);
      expect(codes(forA.body.issues)).toEqual(['error:OFFENSIVE_TEXT']);
    });
  });

  describe('errors', () => {
    it("answers 404 for an absent or another client's upload, an unknown product or location", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ uploadedAssetId: 99999999 }, 'Uploaded asset 99999999 was not found.'],
        [{ uploadedAssetId: await uploadImage(t, b) }, 'was not found.'],
        [{ uploadedAssetId: large, productHandle: 'nope' }, 'Product nope was not found.'],
        [
          { uploadedAssetId: large, productHandle: 'tee', location: 'sleeve' },
          'Product tee has no location sleeve (its locations: front, back).',
        ],
      ];
      for (const [body, text] of cases) {
        const res = await moderate(t, ARTWORK_PATH, a, body);
        expect([res.status, res.text]).toEqual([404, expect.stringContaining(text)]);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
      }
    });

    it('answers 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'uploadedAssetId is required'],
        [{ uploadedAssetId: 'x' }, 'uploadedAssetId'],
        [{ uploadedAssetId: null }, 'uploadedAssetId must not be null'],
        [{ uploadedAssetId: large, width: 0 }, 'width must be at least 1'],
        [{ uploadedAssetId: large, location: 'front' }, 'productHandle is required with location'],
        [{ uploadedAssetId: large, productHandle: 'tee' }, 'location is required'],
        [{ uploadedAssetId: large, locale: 'not a tag' }, 'locale must be a language tag'],
        [
          { uploadedAssetId: large, text: 'x'.repeat(1001) },
          'text must be at most 1000 characters',
        ],
      ];
      for (const [body, text] of cases) {
        const res = await moderate(t, ARTWORK_PATH, a, body);
        expect([res.status, res.text]).toEqual([400, expect.stringContaining(text)]);
      }
    });

    it('answers 400 for a file that is no image, truncated, or sent beside an upload id', async () => {
      const png = await logo(300, 300);
      const cases: [Buffer, Record<string, string>, string][] = [
        [EXE_BYTES, {}, 'The file is not an image'],
        [png.subarray(0, png.length >> 1), {}, 'The file could not be decoded'],
        [png, { uploadedAssetId: String(large) }, 'uploadedAssetId must be left out'],
      ];
      for (const [file, fields, text] of cases) {
        const res = await moderateFile(t, ARTWORK_PATH, a, file, fields);
        expect([res.status, res.text]).toEqual([400, expect.stringContaining(text)]);
      }
    });

    it('answers 415 to a body that is neither JSON nor multipart, and 401 without a token', async () => {
      const res = await request(t.http)
        .post(ARTWORK_PATH)
        .set('SERVICE_API_TOKEN', a.token)
        .set('clientHandle', a.handle)
        .set('Content-Type', 'text/plain')
        .send('hello');
      expect([res.status, res.text]).toEqual([
        415,
        expect.stringContaining('application/json or multipart/form-data'),
      ]);
      const anonymous = await request(t.http).post(ARTWORK_PATH).send({ uploadedAssetId: large });
      expect(anonymous.status).toBe(401);
    });
  });
});
