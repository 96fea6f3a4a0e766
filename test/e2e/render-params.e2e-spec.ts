import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { uploadAsset } from '../factories/assets';
import { createClient, TestClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { pixel, testImage } from '../support/images';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';

/** The image-resizer parameters, the content types and the statuses of the render route. */
describe('Render parameters (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let tee: string;
  let bottle: string;

  const get = (path: string) =>
    request(t.http).get(`${BASE}/${path}`).set('SERVICE_API_TOKEN', a.token).buffer(true);
  /** The image a transformed request answers, with its metadata. */
  const image = async (path: string) => {
    const res = await get(path);
    expect([path, res.status]).toEqual([path, 200]);
    const bytes = res.body as Buffer;
    return { res, bytes, meta: await sharp(bytes).metadata() };
  };
  /** A 400 in text naming the parameter. */
  const expectNamed400 = async (query: string, name: string) => {
    const res = await get(`${tee}/north?${query}`);
    expect([query, res.status]).toEqual([query, 400]);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toContain(name);
  };
  /** The stored render a 302 points at, as a file of the directory blob store. */
  const storedFile = (location: string) =>
    join(t.config.dataDir, 'blobs', location.replace('http://api.test/cdn/', ''));

  beforeAll(async () => {
    t = await createTestApp({ env: { RENDER_MAX_SIDE: '2400' } });
    a = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    [{ readableId: tee }] = await demo.createRecipeSets(a.handle, { count: 1 });
    [{ readableId: bottle }] = await demo.createRecipeSets(a.handle, {
      count: 1,
      product: 'demo-bottle',
    });
  });
  afterAll(() => t.close());

  it('answers each format with its content type', async () => {
    for (const [format, type, sharpFormat] of [
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpeg'],
      ['jpg', 'image/jpeg', 'jpeg'],
      ['webp', 'image/webp', 'webp'],
      ['gif', 'image/gif', 'gif'],
    ]) {
      const { res, meta } = await image(`${tee}/north?width=120&format=${format}`);
      expect([format, res.headers['content-type'], meta.format, meta.width]).toEqual([
        format,
        type,
        sharpFormat,
        120,
      ]);
    }
    // Quality changes the bytes; lossless WebP differs from lossy.
    const q = async (query: string) => (await image(`${tee}/north?width=300&${query}`)).bytes;
    expect((await q('format=jpeg&quality=20')).length).toBeLessThan(
      (await q('format=jpeg')).length,
    );
    expect((await q('format=jpeg&jpeg.quality=20')).equals(await q('format=jpeg&quality=20'))).toBe(
      true,
    );
    expect((await q('format=webp&webp.lossless=true')).equals(await q('format=webp'))).toBe(false);
    expect((await q('format=webp&webp.quality=10')).length).toBeLessThan(
      (await q('format=webp')).length,
    );
  });

  it('sizes by width, height, dpr, mode and scale', async () => {
    const size = async (query: string) => {
      const { meta } = await image(`${tee}/north?${query}`);
      return [meta.width, meta.height];
    };
    // The view's default size is 1000 × 1200.
    expect(await size('height=240')).toEqual([200, 240]);
    expect(await size('h=240')).toEqual([200, 240]);
    expect(await size('width=300&height=300')).toEqual([250, 300]); // max: fits inside
    expect(await size('width=300&height=300&mode=pad')).toEqual([300, 300]);
    expect(await size('width=300&height=300&mode=crop')).toEqual([300, 300]);
    expect(await size('width=300&height=100&mode=stretch')).toEqual([300, 100]);
    // More pixels than the default render: drawn at that size, not enlarged.
    expect(await size('width=1500')).toEqual([1500, 1800]);
    expect(await size('dpr=1.5')).toEqual([1500, 1800]);
    expect(await size('dpr=0.5')).toEqual([500, 600]);
    expect(await size('width=100&dpr=2')).toEqual([200, 240]);
    expect(await size('crop=0,0,500,600')).toEqual([500, 600]);
    expect(await size('rotate=90&width=120')).toEqual([120, 100]);
  });

  it('pads with bgcolor, anchors crops, flips', async () => {
    const padded = (await image(`${tee}/north?width=300&height=300&mode=pad&bgcolor=ff0000`)).bytes;
    expect(await pixel(padded, 2, 150)).toEqual([255, 0, 0, 255]); // the padding beside the shirt
    const top = (await image(`${tee}/north?width=300&height=100&mode=crop&anchor=topcenter`)).bytes;
    const bottom = (await image(`${tee}/north?width=300&height=100&mode=crop&anchor=bottomcenter`))
      .bytes;
    expect(top.equals(bottom)).toBe(false);
    const plain = (await image(`${tee}/north?width=200`)).bytes;
    const flipped = (await image(`${tee}/north?width=200&flip=x`)).bytes;
    expect(flipped.equals(plain)).toBe(false);
    // Mirrored: the pixel at x is the one at width - 1 - x.
    expect(await pixel(flipped, 20, 120)).toEqual(await pixel(plain, 179, 120));
  });

  it('answers 400 text naming the parameter for invalid values, and ignores unknown ones', async () => {
    for (const [query, name] of [
      ['width=2401', 'width'],
      ['mode=fill', 'mode'],
      ['scale=sideways', 'scale'],
      ['anchor=north', 'anchor'],
      ['bgcolor=red-ish', 'bgcolor'],
      ['dpr=0', 'dpr'],
      ['rotate=45', 'rotate'],
      ['crop=1,2,3', 'crop'],
      ['quality=101', 'quality'],
      ['webp.lossless=maybe', 'webp.lossless'],
      ['useCache=perhaps', 'useCache'],
    ])
      await expectNamed400(query, name);
    // Lossless WebP is made up to 2048 × 2048 (its encoder's memory), refused before drawing.
    const lossless = `${tee}/north?format=webp&webp.lossless=true&width=2100&height=2100&mode=pad`;
    await expectNamed400(lossless.split('?')[1], 'webp.lossless');
    expect((await get(lossless)).text).toContain(
      "Invalid value for webp.lossless: 'true'. The image asked for is 2100 × 2100 = 4,410,000 " +
        'pixels; a lossless WebP is made of at most 4,194,304 pixels (2048 × 2048).',
    );
    const ignored = await get(`${tee}/north?width=100&utm_source=mail`);
    expect(ignored.status).toBe(200);
    expect(ignored.headers.etag).toBe((await get(`${tee}/north?width=100`)).headers.etag);
  });

  it('takes the legacy ImageResizer filters in any order, each in the ETag, and names a bad one', async () => {
    const gray = (await image(`${tee}/north?width=200&s.grayscale=true`)).bytes;
    for (const [x, y] of [
      [100, 120],
      [20, 20],
      [150, 200],
    ]) {
      const [r, g, b] = await pixel(gray, x, y);
      expect([r, g]).toEqual([b, b]);
    }
    const plain = (await image(`${tee}/north?width=200`)).bytes;
    const inverted = (await image(`${tee}/north?width=200&s.invert=true`)).bytes;
    const [r, g, b, alpha] = await pixel(plain, 100, 120);
    expect(await pixel(inverted, 100, 120)).toEqual([255 - r, 255 - g, 255 - b, alpha]);
    // The API's fixed order, whatever the query's: the same image either way.
    const first = await get(`${tee}/north?sflip=h&crop=0,0,50,50&cropxunits=100&cropyunits=100`);
    const second = await get(`${tee}/north?cropyunits=100&crop=0,0,50,50&cropxunits=100&sflip=h`);
    expect((first.body as Buffer).equals(second.body as Buffer)).toBe(true);
    expect((await sharp(first.body as Buffer).metadata()).width).toBe(500);
    expect(first.headers.etag).toBe(second.headers.etag);
    const etags = await Promise.all(
      ['s.sepia=true', 's.brightness=0.2', 'f.sharpen=20', 'srotate=90', 'ignoreicc=true'].map(
        async (q) => (await get(`${tee}/north?width=200&${q}`)).headers.etag,
      ),
    );
    expect(new Set([...etags, (await get(`${tee}/north?width=200`)).headers.etag]).size).toBe(6);
    for (const [query, name] of [
      ['s.grayscale=purple', 's.grayscale'],
      ['s.alpha=2', 's.alpha'],
      ['down.filter=smooth', 'down.filter'],
      ['trim.threshold=-1', 'trim.threshold'],
    ])
      await expectNamed400(query, name);
  });

  it('takes the path-segment form with a preset, camera and size', async () => {
    const { bytes, meta } = await image(`${bottle}/north/state/print-output/width/381/height/286`);
    expect(meta.width <= 381 && meta.height <= 286).toBe(true);
    expect(meta.width === 381 || meta.height === 286).toBe(true);
    expect((await pixel(bytes, 1, 1))[3]).toBe(0); // the preset's transparent background
    const reordered = await image(`${bottle}/north/height/286/width/381/state/print-output`);
    expect(reordered.res.headers.etag).toBe(
      (await get(`${bottle}/north/state/print-output/width/381/height/286`)).headers.etag,
    );
    const plain = await get(`${tee}/north`);
    const closeup = await get(`${tee}/north/camera/closeup`);
    expect(closeup.status).toBe(302);
    expect(closeup.headers.location).not.toBe(plain.headers.location);
    expect((await get(`${tee}/north/camera/closeup/`)).headers.location).toBe(
      closeup.headers.location,
    );
    expect((await get(`${tee}/north/width/abc`)).status).toBe(400);
  });

  it('renders afresh with useCache=false, the same bytes each time, replacing the stored object', async () => {
    const first = await get(`${tee}/south`);
    expect(first.status).toBe(302);
    const file = storedFile(first.headers.location);
    const original = await readFile(file);
    await writeFile(file, Buffer.from('not a png'));
    const fresh = await get(`${tee}/south?useCache=false`);
    expect(fresh.headers.location).toBe(first.headers.location);
    expect((await readFile(file)).equals(original)).toBe(true);
    // With a transformation too: no 304 for a fresh render, and the same image.
    const etag = (await get(`${tee}/south?width=50`)).headers.etag;
    const again = await get(`${tee}/south?width=50&useCache=false`).set('If-None-Match', etag);
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(etag);
  });

  it('answers 500 ProblemDetails with the log link when a design image is missing', async () => {
    const png = await testImage('png', { width: 64, height: 64 });
    const uploaded = await uploadAsset(t, a, png);
    expect(uploaded.status).toBe(201);
    const { id, uri } = uploaded.body.data as { id: number; uri: string };
    const created = await request(t.http)
      .post('/api/recipesets')
      .set('SERVICE_API_TOKEN', a.token)
      .send({
        productHandle: 'demo-tee',
        design: {
          front: {
            elements: [
              { type: 'image', uploadedAssetId: id, x: 100, y: 100, width: 80, height: 80 },
            ],
          },
        },
      });
    expect(created.status).toBe(201);
    await unlink(storedFile(uri));
    const res = await request(t.http)
      .get(`${BASE}/${created.body.data.readableId}/north`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 500,
      detail: expect.stringMatching(/http:\/\/api\.test\/logentry\/detail\/\S+/),
    });
  });
});
