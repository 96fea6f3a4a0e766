import jsQR from 'jsqr';
import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { ASSETS_PATH } from '../factories/assets';
import { createClient, TestClient } from '../factories/clients';
import { JSON_TYPE, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { bytesParser } from '../support/zip';

const PATH = '/api/imagegen';

/**
 * Image generation through HTTP: each generator's PNG and SVG, the QR code read back, saving as
 * an uploaded asset (and its tenancy), and the refusals (unknown generator, capped inputs, no
 * token). Every request names the caller's client in `clientHandle`, as the rate-limited routes
 * require.
 */
describe('Image generation (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;

  const generate = (c: TestClient, generator: string, body: unknown, query = '') =>
    request(t.http)
      .post(`${PATH}/${generator}${query}`)
      .set('SERVICE_API_TOKEN', c.token)
      .set('clientHandle', c.handle)
      .buffer(true)
      .parse(bytesParser)
      .send(body as object);

  /** Size of a PNG answer, and how many distinct opaque colours it has. */
  async function inspect(png: Buffer) {
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    let opaque = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      opaque++;
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    return { width: info.width, height: info.height, opaque, colours: colours.size, data, info };
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  describe('PNG and SVG', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['text', { text: 'Team Rocket', font: 'lobster', colour: '#d62828', size: 64 }],
      ['monogram', { letters: 'jak', frame: 'diamond', size: 256 }],
      ['pattern', { seed: 'order-42015953', size: 300 }],
      ['qr', { text: 'https://shop.example.com/p/team-tee' }],
    ];

    it.each(cases)('%s: a PNG with ink, the same bytes every time', async (generator, body) => {
      const res = await generate(a, generator, body);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
      const png = res.body as Buffer;
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      const seen = await inspect(png);
      expect(seen.width).toBeGreaterThan(16);
      expect(seen.width).toBeLessThanOrEqual(2048);
      expect(seen.height).toBeLessThanOrEqual(2048);
      expect(seen.opaque).toBeGreaterThan(seen.width * seen.height * 0.02);
      const again = await generate(a, generator, body);
      expect(Buffer.compare(again.body as Buffer, png)).toBe(0);
      expect(again.headers.etag).toBe(res.headers.etag);
    });

    it.each(cases)('%s: an SVG with format=svg, of the PNG size', async (generator, body) => {
      const res = await generate(a, generator, body, '?format=SVG');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      const svg = (res.body as Buffer).toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+"/);
      expect(svg).not.toMatch(/<script|<text|href/);
      const png = await generate(a, generator, body);
      const [fromSvg, fromPng] = await Promise.all([
        sharp(res.body as Buffer).metadata(),
        sharp(png.body as Buffer).metadata(),
      ]);
      expect([fromSvg.width, fromSvg.height]).toEqual([fromPng.width, fromPng.height]);
    });

    it('draws text in the colour asked for, and sizes it by the font size', async () => {
      const small = await inspect(
        (await generate(a, 'text', { text: 'Hello', colour: '#0000ff', size: 32 })).body,
      );
      const large = await inspect(
        (await generate(a, 'text', { text: 'Hello', colour: '#0000ff', size: 128 })).body,
      );
      expect(large.height).toBeGreaterThan(small.height * 3);
      const { data } = large;
      const solid = [...Array(data.length / 4).keys()].find((i) => data[i * 4 + 3] === 255);
      expect(solid).toBeDefined();
      const p = solid! * 4;
      expect([data[p], data[p + 1], data[p + 2]]).toEqual([0, 0, 255]);
    });

    it('scales a long text at a large size down to 2048 px', async () => {
      const res = await generate(a, 'text', { text: 'W'.repeat(60), size: 1024 });
      expect(res.status).toBe(200);
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta.width).toBe(2048);
      expect(meta.height).toBeLessThan(2048);
    });

    it('takes a font by family, and patterns differ by seed but not by request', async () => {
      expect((await generate(a, 'text', { text: 'Hi', font: 'Playfair Display' })).status).toBe(
        200,
      );
      const one = await generate(a, 'pattern', { seed: 'one', size: 128 });
      const two = await generate(b, 'pattern', { seed: 'two', size: 128 });
      const oneAgain = await generate(b, 'pattern', { seed: 'one', size: 128 });
      expect(one.headers.etag).not.toBe(two.headers.etag);
      expect(oneAgain.headers.etag).toBe(one.headers.etag);
    });

    it('QR: the PNG decodes back to its text', async () => {
      const text = 'Grüße aus Köln: https://shop.example.com/p/team-tee?ref=42 🙂';
      const res = await generate(a, 'qr', { text });
      expect(res.status).toBe(200);
      const { data, info } = await sharp(res.body as Buffer)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(text);
    });
  });

  describe('save: true', () => {
    it('stores the PNG as an uploaded asset of the caller, readable by it only', async () => {
      const res = await request(t.http)
        .post(`${PATH}/monogram?format=svg`)
        .set('SERVICE_API_TOKEN', a.token)
        .set('clientHandle', a.handle)
        .send({ letters: 'AB', frame: 'circle', size: 200, save: true });
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(res.body.data).toMatchObject({
        id: expect.any(Number),
        userFacingFileName: 'monogram.png',
        mimeType: 'image/png',
        width: 200,
        height: 200,
      });
      const id = res.body.data.id as number;
      const read = await request(t.http)
        .get(`${ASSETS_PATH}/${id}`)
        .set('SERVICE_API_TOKEN', a.token)
        .set('clientHandle', a.handle);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(res.body.data);
      const foreign = await request(t.http)
        .get(`${ASSETS_PATH}/${id}`)
        .set('SERVICE_API_TOKEN', b.token)
        .set('clientHandle', b.handle);
      expect(foreign.status).toBe(404);
    });

    it("stores it for the client a ServiceAdmin names, not the admin's own (issue 24 low)", async () => {
      const operator = await createClient(t.app, { role: Role.ServiceAdmin });
      const res = await request(t.http)
        .post(`${PATH}/monogram`)
        .set('SERVICE_API_TOKEN', operator.token)
        .set('clientHandle', b.handle)
        .send({ letters: 'OP', size: 100, save: true });
      expect(res.status).toBe(201);
      const id = res.body.data.id as number;
      const asB = await request(t.http)
        .get(`${ASSETS_PATH}/${id}`)
        .set('SERVICE_API_TOKEN', b.token)
        .set('clientHandle', b.handle);
      expect(asB.status).toBe(200);
      const [row] = await t.dataSource.query<{ client_id: string }[]>(
        'SELECT client_id FROM uploaded_asset WHERE id = $1',
        [id],
      );
      expect(row.client_id).toBe(b.id);
    });
  });

  describe('refusals', () => {
    it('answers 404 naming an unknown generator and the known ones', async () => {
      const res = await generate(a, 'sticker', { text: 'x' });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect((res.body as Buffer).toString()).toBe(
        'Image generator "sticker" does not exist; the generators are text, monogram, pattern, qr.',
      );
    });

    const capped: [string, string, string, Record<string, unknown>][] = [
      ['text', 'a text over 200 characters', 'text', { text: 'x'.repeat(201) }],
      ['text', 'a blank text', 'text', { text: ' \n ' }],
      ['text', 'a font size over 1024', 'size', { text: 'x', size: 1025 }],
      ['text', 'a colour not #rrggbb', 'colour', { text: 'x', colour: 'red' }],
      ['text', 'an unknown font', 'font', { text: 'x', font: 'comic-sans' }],
      ['monogram', 'four letters', 'letters', { letters: 'ABCD' }],
      ['monogram', 'a digit', 'letters', { letters: 'A1' }],
      ['monogram', 'an unknown frame', 'frame', { letters: 'A', frame: 'star' }],
      ['monogram', 'a side over 2048', 'size', { letters: 'A', size: 2049 }],
      ['pattern', 'no seed', 'seed', {}],
      [
        'pattern',
        'more than 6 colours',
        'colours',
        { seed: 's', colours: Array(7).fill('#000000') },
      ],
      ['pattern', 'a colour not #rrggbb', 'colours', { seed: 's', colours: ['#000', '#fff'] }],
      ['pattern', 'a side over 2048', 'size', { seed: 's', size: 4096 }],
      ['qr', 'a text over 500 characters', 'text', { text: 'x'.repeat(501) }],
      ['qr', 'a save that is not a boolean', 'save', { text: 'x', save: 'please' }],
    ];
    it.each(capped)('%s: 400 for %s, naming %s', async (generator, _what, field, body) => {
      const res = await generate(a, generator, body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect((res.body as Buffer).toString()).toMatch(
        new RegExp(`^Invalid request: (each of )?${field} `),
      );
    });

    it('names the colour it got in a 400', async () => {
      const text = await generate(a, 'text', { text: 'x', colour: 'red' });
      expect((text.body as Buffer).toString()).toBe(
        'Invalid request: colour "red" is not a colour as #rrggbb.',
      );
      const pattern = await generate(a, 'pattern', { seed: 's', colours: ['#000000', '#fff'] });
      expect((pattern.body as Buffer).toString()).toBe(
        'Invalid request: colours item "#fff" is not a colour as #rrggbb.',
      );
    });

    it('answers 400 to a format other than png or svg', async () => {
      const res = await generate(a, 'qr', { text: 'x' }, '?format=jpeg');
      expect(res.status).toBe(400);
      expect((res.body as Buffer).toString()).toBe(
        'Invalid request: format must be one of: png, svg.',
      );
    });

    it('answers 401 without a token, before drawing anything', async () => {
      const res = await request(t.http)
        .post(`${PATH}/qr`)
        .set('clientHandle', a.handle)
        .send({ text: 'x' });
      expect(res.status).toBe(401);
    });
  });
});
