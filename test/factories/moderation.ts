import sharp from 'sharp';
import request from 'supertest';
import { TestApp } from '../setup/test-app';
import { teeProduct, uploadImage } from './catalog';
import { TestClient } from './clients';

export const ARTWORK_PATH = '/api/artwork/moderation';
export const MACHINE_PATH = '/api/machine-moderation';

/** A moderation request as `c`, with the clientHandle header the rate-limited routes take. */
export function moderate(t: TestApp, path: string, c: TestClient, body: Record<string, unknown>) {
  return request(t.http)
    .post(path)
    .set('SERVICE_API_TOKEN', c.token)
    .set('clientHandle', c.handle)
    .send(body);
}

/** The same as multipart: `file` and the fields as text. */
export function moderateFile(
  t: TestApp,
  path: string,
  c: TestClient,
  file: Buffer,
  fields: Record<string, string> = {},
) {
  let req = request(t.http)
    .post(path)
    .set('SERVICE_API_TOKEN', c.token)
    .set('clientHandle', c.handle);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('file', file, { filename: 'art.bin', contentType: 'application/octet-stream' });
}

/** The tee product (front: print at 300 DPI; back: embroidery at 150 DPI) for `c`. */
export async function createTee(t: TestApp, c: TestClient, handle = 'tee'): Promise<void> {
  const images = { mask: await uploadImage(t, c), shading: await uploadImage(t, c) };
  const res = await request(t.http)
    .post(`/api/catalog/${c.handle}/products`)
    .set('SERVICE_API_TOKEN', c.token)
    .send(teeProduct(images, handle));
  if (res.status !== 201) throw new Error(`product answered ${res.status}: ${res.text}`);
}

/** A logo: coloured shapes on a transparent background, as PNG. */
export function logo(width: number, height: number, colours = ['#d01010', '#1040c0']) {
  const shapes = colours
    .map(
      (c, i) =>
        `<rect x="${(i * width) / colours.length}" y="${height / 4}" width="${width / colours.length}" height="${height / 2}" fill="${c}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** `n` opaque vertical stripes, each its own colour well apart from the others. */
export function stripes(n: number, width = 600, height = 300) {
  const levels = [0, 128, 255];
  const colours = Array.from({ length: n }, (_, i) => {
    const [r, g, b] = [i % 3, Math.floor(i / 3) % 3, Math.floor(i / 9) % 3].map((k) => levels[k]);
    return `rgb(${r},${g},${b})`;
  });
  return logo(width, height, colours).then((png) =>
    sharp(png).flatten({ background: '#808080' }).png().toBuffer(),
  );
}

/** A picture of grey blocks in a pattern chosen by `seed`: a distinctive perceptual hash. */
export function pattern(seed: number, width = 640, height = 480) {
  // mulberry32
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) % 256;
  };
  const [cols, rows] = [16, 12];
  const cells = Buffer.alloc(cols * rows * 3);
  for (let i = 0; i < cols * rows; i++) {
    const v = next();
    cells.set([v, (v * 7) % 256, 255 - v], i * 3);
  }
  return sharp(cells, { raw: { width: cols, height: rows, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .png()
    .toBuffer();
}

/** One colour all over. */
export function plain(
  width: number,
  height: number,
  background = { r: 255, g: 255, b: 255, alpha: 1 },
) {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}
