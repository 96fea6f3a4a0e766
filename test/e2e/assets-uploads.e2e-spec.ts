import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { BlobStore } from '../../src/common/storage/blob-store';
import {
  ASSETS_PATH,
  blobFiles,
  Uploaded,
  UploadOptions,
  uploadAsset,
  uploadRows,
} from '../factories/assets';
import { createClient, TestClient } from '../factories/clients';
import { JSON_TYPE, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { EXE_BYTES, pngBomb, rotatedJpeg, testImage, TestImageFormat } from '../support/images';

/**
 * Uploads of artwork: each accepted type stored normalised (checked by reading the blob back),
 * and every refused upload (hostile files, limits, malformed multipart) leaving nothing behind.
 */
describe('Uploaded assets: uploads (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let store: BlobStore;

  const upload = (c: TestClient | undefined, file: Buffer | undefined, options?: UploadOptions) =>
    uploadAsset(t, c, file, options);
  const keyOf = (uri: string) => {
    expect(uri.startsWith(`${t.config.cdnUrl}/uploads/`)).toBe(true);
    return uri.slice(t.config.cdnUrl.length + 1);
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.Admin });
    store = t.app.get(BlobStore);
  });
  afterAll(() => t.close());

  describe('accepted images', () => {
    const formats: [TestImageFormat, string][] = [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
      ['tiff', 'image/tiff'],
    ];
    for (const [format, mimeType] of formats) {
      it(`stores a ${format.toUpperCase()} in its own format, readable back from the blob store`, async () => {
        const sent = await testImage(format, { width: 64, height: 48 });
        // The part's Content-Type and name say nothing true: the content decides.
        const res = await upload(a, sent, {
          filename: `picture.${format}`,
          contentType: 'application/octet-stream',
        });
        expect(res.status).toBe(201);
        expect(res.headers['content-type']).toMatch(JSON_TYPE);
        const data = res.body.data as Uploaded;
        expect(data).toEqual({
          id: expect.any(Number),
          uri: expect.stringMatching(
            /\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.(png|jpg|webp|gif|tif)$/,
          ),
          userFacingFileName: `picture.${format}`,
          mimeType,
          width: 64,
          height: 48,
          bytes: expect.any(Number),
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          organizationIdentifier: null,
          clientAccountReference: null,
        });
        const stored = await store.get(keyOf(data.uri));
        if (!stored) throw new Error(`nothing stored under ${data.uri}`);
        expect(stored.length).toBe(data.bytes);
        const meta = await sharp(stored).metadata();
        expect([meta.format, meta.width, meta.pageHeight ?? meta.height]).toEqual([
          format === 'jpeg' ? 'jpeg' : format,
          64,
          48,
        ]);
        expect((await store.stat(keyOf(data.uri)))!.contentType).toBe(mimeType);
      });
    }

    it('applies the EXIF orientation and strips the metadata of a JPEG', async () => {
      const sent = await rotatedJpeg(60, 40);
      expect((await sharp(sent).metadata()).exif).toBeDefined();
      const res = await upload(a, sent, { filename: 'IMG_0001.JPG', contentType: 'image/jpeg' });
      expect(res.status).toBe(201);
      const data = res.body.data as Uploaded;
      expect([data.mimeType, data.width, data.height]).toEqual(['image/jpeg', 40, 60]);
      const stored = (await store.get(keyOf(data.uri)))!;
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 60]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    });

    it('stores the same bytes once per client, with a row (and id) per upload', async () => {
      const sent = await testImage('png', { width: 30, height: 30 });
      const first = await upload(a, sent, { fields: { organizationIdentifier: 'ORG-1' } });
      const second = await upload(a, sent, { fields: { organizationIdentifier: 'ORG-2' } });
      expect([first.status, second.status]).toEqual([201, 201]);
      const [x, y] = [first.body.data as Uploaded, second.body.data as Uploaded];
      expect(y.uri).toBe(x.uri);
      expect(y.sha256).toBe(x.sha256);
      expect(y.id).not.toBe(x.id);
      expect([x.organizationIdentifier, y.organizationIdentifier]).toEqual(['ORG-1', 'ORG-2']);
      // Another client's upload of the same bytes is its own object (keys are per client).
      const theirs = await upload(b, sent);
      expect((theirs.body.data as Uploaded).uri).not.toBe(x.uri);
      expect((theirs.body.data as Uploaded).sha256).toBe(x.sha256);
    });

    it('files the text fields, sanitising the file name', async () => {
      const sent = await testImage('png', { width: 10, height: 10 });
      const res = await upload(a, sent, {
        filename: 'C:\\fakepath\\logo.png',
        fields: {
          organizationIdentifier: ' ORG-7 ',
          clientAccountReference: 'CUST-88731',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        userFacingFileName: 'logo.png',
        organizationIdentifier: 'ORG-7',
        clientAccountReference: 'CUST-88731',
      });
      const named = await upload(a, sent, {
        fields: { userFacingFileName: '../../etc/pass\u202ewd\u0007.png' },
      });
      expect(named.status).toBe(201);
      expect((named.body.data as Uploaded).userFacingFileName).toBe('passwd.png');
    });
    it('ignores unknown text fields, even ones named like prototype properties', async () => {
      const res = await upload(a, await testImage('png', { width: 9, height: 9 }), {
        // Own properties named __proto__ and constructor (an object literal would set the prototype).
        fields: Object.fromEntries([
          ['__proto__', 'x'],
          ['constructor', 'y'],
          ['note', 'z'],
        ]),
      });
      expect(res.status).toBe(201);
    });
  });

  describe('refused uploads (nothing stored)', () => {
    let rowsBefore: number;
    let blobsBefore: number;
    beforeAll(async () => {
      rowsBefore = await uploadRows(t, a.id);
      blobsBefore = (await blobFiles(t)).length;
    });
    afterAll(async () => {
      expect(await uploadRows(t, a.id)).toBe(rowsBefore);
      expect((await blobFiles(t)).length).toBe(blobsBefore);
    });

    const refused = (res: request.Response, status: number, text: RegExp) => {
      expect({ status: res.status, text: res.text }).toEqual({
        status,
        text: expect.stringMatching(text),
      });
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    };

    it('refuses a renamed executable', async () => {
      refused(
        await upload(a, EXE_BYTES, { filename: 'logo.png', contentType: 'image/png' }),
        400,
        /^The file "logo\.png" is not an image of an accepted type \(PNG, JPEG, WebP, GIF or TIFF\)\.$/,
      );
    });

    it('refuses a truncated PNG', async () => {
      const png = await testImage('png', { width: 200, height: 200 });
      refused(
        await upload(a, png.subarray(0, Math.floor(png.length / 2))),
        400,
        /truncated or corrupt/,
      );
    });

    it('refuses a 20,000 × 20,000 PNG bomb by its header, naming the pixel limit', async () => {
      refused(
        await upload(a, pngBomb()),
        400,
        new RegExp(
          `20000 × 20000 pixels, more than the limit of ${t.config.maxUploadPixels} pixels`,
        ),
      );
    });

    it('refuses SVG', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      );
      refused(
        await upload(a, svg, { filename: 'logo.svg', contentType: 'image/svg+xml' }),
        400,
        /is an SVG image; accepted types are PNG, JPEG, WebP, GIF or TIFF/,
      );
    });

    it('refuses a request without the file, or with it in another field', async () => {
      refused(
        await upload(a, undefined, { fields: { userFacingFileName: 'x.png' } }),
        400,
        /^Multipart field file is required/,
      );
      refused(
        await upload(a, await testImage('png'), { field: 'image' }),
        400,
        /^Unexpected file field "image": send exactly one file, in field file\.$/,
      );
      const two = request(t.http)
        .post(ASSETS_PATH)
        .set('SERVICE_API_TOKEN', a.token)
        .attach('file', await testImage('png'), 'a.png')
        .attach('file', await testImage('gif'), 'b.gif');
      refused(await two, 400, /^Send exactly one file, in field file\.$/);
    });

    it('refuses text fields beyond their limits', async () => {
      const png = await testImage('png');
      refused(
        await upload(a, png, { fields: { organizationIdentifier: 'x'.repeat(201) } }),
        400,
        /organizationIdentifier must be at most 200 characters/,
      );
      refused(
        await upload(a, png, { fields: { userFacingFileName: 'x'.repeat(256) } }),
        400,
        /userFacingFileName must be at most 255 characters/,
      );
      refused(
        await upload(a, png, { fields: { clientAccountReference: 'x'.repeat(5000) } }),
        400,
        /^Text field "clientAccountReference" is longer than 4096 bytes\.$/,
      );
    });

    it('refuses too many text fields, long field names and nested field names', async () => {
      const png = await testImage('png');
      const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 'x']));
      refused(
        await upload(a, png, { fields: many }),
        400,
        /^The multipart body has too many parts: at most one file and 8 text fields\.$/,
      );
      refused(
        await upload(a, png, { fields: { ['n'.repeat(101)]: 'x' } }),
        400,
        /^A multipart field name is longer than 100 bytes\.$/,
      );
      refused(
        await upload(a, png, { fields: { 'organizationIdentifier[x]': 'x' } }),
        400,
        /^The multipart body was refused: .*"organizationIdentifier\[x\]"\.$/,
      );
    });

    it('refuses a body that is not multipart/form-data with 415', async () => {
      const json = await request(t.http)
        .post(ASSETS_PATH)
        .set('SERVICE_API_TOKEN', a.token)
        .send({ file: 'aGVsbG8=' });
      refused(
        json,
        415,
        /^The request body must be multipart\/form-data, not application\/json\.$/,
      );
      const raw = await request(t.http)
        .post(ASSETS_PATH)
        .set('SERVICE_API_TOKEN', a.token)
        .set('Content-Type', 'image/png')
        .send(await testImage('png'));
      refused(raw, 415, /not image\/png/);
      const zipped = await upload(a, await testImage('png')).set('Content-Encoding', 'gzip');
      refused(
        zipped,
        415,
        /^The request body's Content-Encoding "gzip" is not supported for uploads/,
      );
    });

    it('refuses a malformed multipart body with 400', async () => {
      const res = await request(t.http)
        .post(ASSETS_PATH)
        .set('SERVICE_API_TOKEN', a.token)
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
      refused(res, 400, /^The multipart body could not be read/);
    });
  });
});

describe('Uploaded assets over MAX_UPLOAD_BYTES (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_UPLOAD_BYTES: '100kb' } });
    a = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  it('answers 413 naming the limit, and stores nothing', async () => {
    const limit = 100 * 1024;
    // Just over the limit (read and counted while streaming), and far over it (refused by its
    // Content-Length before it is read).
    for (const size of [limit + 1, 5 * 1024 * 1024]) {
      const big = Buffer.concat([await testImage('png'), Buffer.alloc(size)]).subarray(0, size);
      const res = await request(t.http)
        .post(ASSETS_PATH)
        .set('SERVICE_API_TOKEN', a.token)
        .attach('file', big, { filename: 'big.png', contentType: 'image/png' });
      expect({ size, status: res.status, text: res.text }).toEqual({
        size,
        status: 413,
        text: 'The file is larger than the upload limit of 100 KB.',
      });
    }
    expect(await uploadRows(t, a.id)).toBe(0);
    expect(await blobFiles(t)).toEqual([]);
  });

  it('reads a file of exactly the limit (and judges it by its content)', async () => {
    const res = await request(t.http)
      .post(ASSETS_PATH)
      .set('SERVICE_API_TOKEN', a.token)
      .attach('file', Buffer.alloc(100 * 1024, 1), {
        filename: 'exact.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/is not an image of an accepted type/);
    const small = await request(t.http)
      .post(ASSETS_PATH)
      .set('SERVICE_API_TOKEN', a.token)
      .attach('file', await testImage('png'), 'ok.png');
    expect(small.status).toBe(201);
  });
});
