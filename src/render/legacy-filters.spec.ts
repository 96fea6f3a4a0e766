import sharp from 'sharp';
import { pixel } from '../../test/support/images';
import { parseRenderQuery } from './render-query';
import { colorMap } from '../common/images/legacy-filters';
import { applyTransform } from '../common/images/transform';

const LIMITS = { maxInputPixels: 10_000_000, maxOutputPixels: 4_000_000 };

/** A `width` × `height` PNG of one colour. */
function solid(width: number, height: number, color: number[]): Promise<Buffer> {
  const [r, g, b, a = 255] = color;
  return sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha: a / 255 } } })
    .png()
    .toBuffer();
}

/** 40 × 20: left half red, right half blue. */
async function halves(): Promise<Buffer> {
  return sharp(await solid(40, 20, [255, 0, 0]))
    .composite([{ input: await solid(20, 20, [0, 0, 255]), left: 20, top: 0 }])
    .png()
    .toBuffer();
}

/** The image transformed by a query string, as a storefront URL would carry it. */
async function transformed(input: Buffer, query: string) {
  const { transform } = parseRenderQuery(new URLSearchParams(query), { maxDimension: 4000 });
  return applyTransform(input, transform, LIMITS);
}

const at = async (query: string, input: Buffer, x = 0, y = 0) =>
  pixel((await transformed(input, query)).bytes, x, y);

describe('legacy image filters (ImageResizer/Imageflow query API)', () => {
  it.each(['true', 'y', 'ntsc', 'ry', 'bt709', 'flat'])(
    's.grayscale=%s gives R = G = B',
    async (mode) => {
      const [r, g, b] = await at(`s.grayscale=${mode}`, await solid(4, 4, [200, 80, 20]));
      expect(r).toBe(g);
      expect(g).toBe(b);
    },
  );

  it('weighs the channels as each grayscale mode says', async () => {
    const input = await solid(4, 4, [255, 0, 0]);
    expect((await at('s.grayscale=ntsc', input))[0]).toBeCloseTo(76, -0.5); // 0.299 × 255
    expect((await at('s.grayscale=bt709', input))[0]).toBeCloseTo(54, -0.5); // 0.2126 × 255
    expect((await at('s.grayscale=flat', input))[0]).toBeCloseTo(85, -0.5); // 255 / 3
  });

  it('s.invert inverts a known pixel and keeps its alpha', async () => {
    expect(await at('s.invert=true', await solid(4, 4, [200, 80, 20, 128]))).toEqual([
      55, 175, 235, 128,
    ]);
  });

  it('s.sepia tints gray towards brown; s.alpha scales the opacity', async () => {
    const [r, g, b] = await at('s.sepia=true', await solid(4, 4, [128, 128, 128]));
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect((await at('s.alpha=0.5', await solid(4, 4, [10, 20, 30])))[3]).toBeCloseTo(128, -0.5);
  });

  it('s.brightness, s.contrast and s.saturation move a pixel the documented way', async () => {
    const gray = await solid(4, 4, [100, 100, 100]);
    expect((await at('s.brightness=0.2', gray))[0]).toBe(151); // + 0.2 × 255
    expect((await at('s.contrast=0.5', gray))[0]).toBe(86); // 1.5 × (100 − 128) + 128
    expect((await at('s.contrast=0.5', await solid(4, 4, [200, 200, 200])))[0]).toBe(236);
    const [r, g, b] = await at('s.saturation=-1', await solid(4, 4, [255, 0, 0]));
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it('trim.threshold removes a known white border; trim.percentpadding keeps some of it', async () => {
    const bordered = await sharp(await solid(30, 30, [255, 255, 255]))
      .composite([{ input: await solid(10, 10, [0, 0, 0]), left: 10, top: 10 }])
      .png()
      .toBuffer();
    const out = await transformed(bordered, 'trim.threshold=10');
    expect([out.width, out.height]).toEqual([10, 10]);
    expect(await pixel(out.bytes, 0, 0)).toEqual([0, 0, 0, 255]);
    const padded = await transformed(bordered, 'trim.threshold=10&trim.percentpadding=20');
    expect([padded.width, padded.height]).toEqual([14, 14]);
    expect(await pixel(padded.bytes, 0, 0)).toEqual([255, 255, 255, 255]);
  });

  it('srotate and sflip turn and mirror the source; cropxunits makes crop proportional', async () => {
    const input = await halves();
    expect(await at('sflip=h', input)).toEqual([0, 0, 255, 255]);
    const turned = await transformed(input, 'srotate=90');
    expect([turned.width, turned.height]).toEqual([20, 40]);
    expect(await pixel(turned.bytes, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(await pixel(turned.bytes, 0, 39)).toEqual([0, 0, 255, 255]);
    // The right half, in percent of the width.
    const right = await transformed(input, 'crop=50,0,100,100&cropxunits=100&cropyunits=100');
    expect([right.width, right.height]).toEqual([20, 20]);
    expect(await pixel(right.bytes, 0, 0)).toEqual([0, 0, 255, 255]);
  });

  it('applies the fixed order whatever the parameter order: sflip before crop, filters before padding', async () => {
    const input = await halves();
    // Mirrored first, the left 20 px are blue; the crop keeps them whichever comes first in the URL.
    for (const query of ['sflip=h&crop=0,0,20,20', 'crop=0,0,20,20&sflip=h'])
      expect(await at(query, input)).toEqual([0, 0, 255, 255]);
    // Padding comes after the filters: the padded area keeps the background as given.
    const padded = await transformed(
      await solid(20, 10, [255, 0, 0]),
      's.invert=true&width=20&height=20&mode=pad&bgcolor=ffffff',
    );
    expect(await pixel(padded.bytes, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(await pixel(padded.bytes, 10, 10)).toEqual([0, 255, 255, 255]);
  });

  it('f.sharpen sharpens only when f.sharpenwhen allows it; down.filter chooses the kernel', async () => {
    const input = await halves();
    const plain = (await transformed(input, 'width=10')).bytes;
    const sharpened = (await transformed(input, 'width=10&f.sharpen=80')).bytes;
    expect(sharpened.equals(plain)).toBe(false);
    const notWhenSame = (
      await transformed(input, 'f.sharpen=80&f.sharpenwhen=sizediffers&format=png&ignoreicc=true')
    ).bytes;
    const same = (await transformed(input, 'ignoreicc=true')).bytes;
    expect(notWhenSame.equals(same)).toBe(true);
    const box = (await transformed(input, 'width=10&down.filter=box')).bytes;
    expect(box.equals(plain)).toBe(false);
    // Nearest neighbour keeps pure colours.
    expect(await pixel(box, 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('every filter is part of the cache key, and a filter that changes nothing is not', () => {
    const key = (q: string) => parseRenderQuery(new URLSearchParams(q), { maxDimension: 4000 }).key;
    const keys = [
      's.grayscale=true',
      's.grayscale=bt709',
      's.sepia=true',
      's.invert=true',
      's.alpha=0.5',
      's.contrast=0.1',
      's.brightness=0.1',
      's.saturation=0.1',
      'f.sharpen=10',
      'f.sharpen=10&f.sharpenwhen=downscaling',
      'trim.threshold=10',
      'trim.threshold=10&trim.percentpadding=5',
      'srotate=90',
      'sflip=h',
      'crop=0,0,50,50&cropxunits=100',
      'crop=0,0,50,50',
      'width=10&down.filter=box',
      'width=10&up.filter=box',
      'ignoreicc=true',
    ].map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(key('s.brightness=0&s.alpha=1&s.invert=false')).toBe('');
    expect(colorMap({ brightness: 0, alpha: 1 })).toBeUndefined();
  });

  it('takes numbers in exponent notation, as JSON writes small ones', () => {
    const q = new URLSearchParams('s.brightness=1e-3&trim.threshold=2.5E1');
    expect(parseRenderQuery(q, { maxDimension: 4000 }).transform).toMatchObject({
      filters: { brightness: 0.001 },
      trim: { threshold: 25, percentPadding: 0 },
    });
  });

  it.each([
    ['s.grayscale=blue', 's.grayscale'],
    ['s.alpha=1.5', 's.alpha'],
    ['s.contrast=-2', 's.contrast'],
    ['f.sharpen=100', 'f.sharpen'],
    ['f.sharpenwhen=sometimes', 'f.sharpenwhen'],
    ['down.filter=bicubicish', 'down.filter'],
    ['trim.threshold=300', 'trim.threshold'],
    ['cropxunits=0', 'cropxunits'],
    ['srotate=45', 'srotate'],
    ['sflip=sideways', 'sflip'],
    ['ignoreicc=maybe', 'ignoreicc'],
  ])('%s is a 400 naming the parameter and the value', (query, name) => {
    const [, value] = query.split('=');
    expect(() => parseRenderQuery(new URLSearchParams(query), { maxDimension: 4000 })).toThrow(
      new RegExp(`${name.replace('.', '\\.')}.*${value}`),
    );
  });
});
