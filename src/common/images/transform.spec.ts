import sharp from 'sharp';
import { pixel } from '../../../test/support/images';
import { TransformRejected } from './image-errors';
import { applyTransform } from './transform';
import { DEFAULT_TRANSFORM, ImageTransform } from './transform-layout';

const LIMITS = { maxInputPixels: 10_000_000, maxOutputPixels: 4_000_000 };
const RED = [255, 0, 0, 255];
const GREEN = [0, 255, 0, 255];
const BLUE = [0, 0, 255, 255];
const YELLOW = [255, 255, 0, 255];

/** An 80 × 60 PNG in four opaque quadrants: red top-left, green top-right, blue bottom-left, yellow bottom-right. */
async function quadrants(width = 80, height = 60): Promise<Buffer> {
  const quarter = (r: number, g: number, b: number) => ({
    create: { width: width / 2, height: height / 2, channels: 4 as const, background: { r, g, b } },
  });
  const tile = async (r: number, g: number, b: number) =>
    sharp(quarter(r, g, b))
      .png()
      .toBuffer();
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      { input: await tile(255, 0, 0), left: 0, top: 0 },
      { input: await tile(0, 255, 0), left: width / 2, top: 0 },
      { input: await tile(0, 0, 255), left: 0, top: height / 2 },
      { input: await tile(255, 255, 0), left: width / 2, top: height / 2 },
    ])
    .png()
    .toBuffer();
}

async function run(over: Partial<ImageTransform>, input?: Buffer) {
  return applyTransform(input ?? (await quadrants()), { ...DEFAULT_TRANSFORM, ...over }, LIMITS);
}

function near(actual: number[], expected: number[], tolerance = 8): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

describe('applyTransform', () => {
  it('width=200 gives a 200-px-wide PNG with the aspect ratio kept', async () => {
    const out = await run({ width: 200, scale: 'both' });
    const meta = await sharp(out.bytes).metadata();
    expect([out.contentType, meta.format, meta.width, meta.height]).toEqual([
      'image/png',
      'png',
      200,
      150,
    ]);
    expect([out.width, out.height]).toEqual([200, 150]);
  });

  it('shrinks by default and does not enlarge under scale=down', async () => {
    expect(await run({ width: 40 })).toMatchObject({ width: 40, height: 30 });
    expect(await run({ width: 200 })).toMatchObject({ width: 80, height: 60 });
  });

  it.each([
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
    ['png', 'image/png', 'png'],
  ] as const)('encodes format=%s as %s', async (format, contentType, detected) => {
    const out = await run({ format });
    expect(out.contentType).toBe(contentType);
    expect((await sharp(out.bytes).metadata()).format).toBe(detected);
  });

  it('uses the JPEG quality (a lower quality gives fewer bytes)', async () => {
    const input = await quadrants(400, 300);
    const [low, high] = await Promise.all([
      run({ format: 'jpeg', jpegQuality: 10 }, input),
      run({ format: 'jpeg', jpegQuality: 100 }, input),
    ]);
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it('encodes lossless WebP exactly', async () => {
    const out = await run({ format: 'webp', webpLossless: true });
    expect(await pixel(out.bytes, 5, 5)).toEqual(RED);
  });

  it('quantises PNG when png.quality is given', async () => {
    const out = await run({ pngQuality: 50 });
    expect((await sharp(out.bytes).metadata()).isPalette).toBe(true);
  });

  it('pads with bgcolor to the exact box (mode=pad)', async () => {
    const out = await run({
      width: 80,
      height: 80,
      mode: 'pad',
      background: { r: 0, g: 0, b: 255, alpha: 1 },
    });
    expect([out.width, out.height]).toEqual([80, 80]);
    expect(await pixel(out.bytes, 40, 2)).toEqual(BLUE); // padding above
    expect(await pixel(out.bytes, 40, 77)).toEqual(BLUE); // padding below
    expect(await pixel(out.bytes, 5, 15)).toEqual(RED); // image: top-left quadrant
  });

  it('pads transparent in PNG and white in JPEG without bgcolor', async () => {
    const box = { width: 80, height: 80, mode: 'pad' as const };
    expect((await pixel((await run(box)).bytes, 40, 2))[3]).toBe(0);
    expect(
      near(await pixel((await run({ ...box, format: 'jpeg' })).bytes, 40, 2), [255, 255, 255, 255]),
    ).toBe(true);
  });

  it('covers and crops at the anchor (mode=crop)', async () => {
    const left = await run({ width: 30, height: 60, mode: 'crop', anchor: 'middleleft' });
    expect([left.width, left.height]).toEqual([30, 60]);
    expect(await pixel(left.bytes, 29, 5)).toEqual(RED);
    const right = await run({ width: 30, height: 60, mode: 'crop', anchor: 'middleright' });
    expect(await pixel(right.bytes, 0, 5)).toEqual(GREEN);
  });

  it('stretches to the box (mode=stretch)', async () => {
    expect(await run({ width: 20, height: 60, mode: 'stretch' })).toMatchObject({
      width: 20,
      height: 60,
    });
  });

  it('scale=canvas pads a small image to the box instead of enlarging it', async () => {
    const out = await run({
      width: 160,
      height: 120,
      mode: 'pad',
      scale: 'canvas',
      anchor: 'topleft',
      background: { r: 255, g: 255, b: 255, alpha: 1 },
    });
    expect([out.width, out.height]).toEqual([160, 120]);
    expect(await pixel(out.bytes, 79, 59)).toEqual(YELLOW); // image at native size
    expect(await pixel(out.bytes, 100, 100)).toEqual([255, 255, 255, 255]);
  });

  it('scale=canvas with mode=crop crops the overflowing side and pads the short one', async () => {
    const out = await run(
      {
        width: 80,
        height: 80,
        mode: 'crop',
        scale: 'canvas',
        background: { r: 0, g: 0, b: 0, alpha: 1 },
      },
      await quadrants(160, 30),
    );
    expect([out.width, out.height]).toEqual([80, 80]);
    expect(await pixel(out.bytes, 0, 0)).toEqual([0, 0, 0, 255]); // padding above
    expect(await pixel(out.bytes, 0, 25)).toEqual(RED); // source x 40 (middle crop), y 0
    expect(await pixel(out.bytes, 79, 54)).toEqual(YELLOW); // source x 119, y 29
    expect(await pixel(out.bytes, 79, 79)).toEqual([0, 0, 0, 255]); // padding below
  });

  it('crops in source pixels (crop=x1,y1,x2,y2)', async () => {
    const out = await run({ crop: { x1: 40, y1: 30, x2: 0, y2: 0 } });
    expect([out.width, out.height]).toEqual([40, 30]);
    expect(await pixel(out.bytes, 0, 0)).toEqual(YELLOW);
  });

  it('refuses a crop that leaves nothing', async () => {
    await expect(run({ crop: { x1: 100, y1: 0, x2: 0, y2: 0 } })).rejects.toThrow(
      new TransformRejected('crop=100,0,0,0 leaves nothing of the 80 × 60 image.'),
    );
  });

  it('flips horizontally, vertically and both', async () => {
    expect(await pixel((await run({ flipHorizontal: true })).bytes, 0, 0)).toEqual(GREEN);
    expect(await pixel((await run({ flipVertical: true })).bytes, 0, 0)).toEqual(BLUE);
    const both = await run({ flipHorizontal: true, flipVertical: true });
    expect(await pixel(both.bytes, 0, 0)).toEqual(YELLOW);
  });

  it('rotates clockwise, swapping the sides for quarter turns', async () => {
    const r90 = await run({ rotate: 90 });
    expect([r90.width, r90.height]).toEqual([60, 80]);
    expect(await pixel(r90.bytes, 0, 0)).toEqual(BLUE); // bottom-left comes to the top-left
    expect(await pixel((await run({ rotate: 180 })).bytes, 0, 0)).toEqual(YELLOW);
    expect(await pixel((await run({ rotate: 270 })).bytes, 0, 0)).toEqual(GREEN);
  });

  it('rotates before the flip, and width applies to the rotated image', async () => {
    const out = await run({ rotate: 90, flipHorizontal: true, width: 30 });
    expect([out.width, out.height]).toEqual([30, 40]);
    expect(await pixel(out.bytes, 0, 0)).toEqual(RED);
  });

  it('refuses an output over the pixel limit', async () => {
    const input = await quadrants();
    await expect(
      applyTransform(input, { ...DEFAULT_TRANSFORM, width: 4000, scale: 'both' }, LIMITS),
    ).rejects.toThrow(
      'The output would be 4000 × 3000 pixels, more than the limit of 4000000 pixels.',
    );
  });

  it('refuses an input over the input pixel limit', async () => {
    const input = await quadrants();
    await expect(
      applyTransform(input, DEFAULT_TRANSFORM, { ...LIMITS, maxInputPixels: 1000 }),
    ).rejects.toThrow('Input image exceeds pixel limit');
  });

  it.each([
    { format: 'jpeg' as const },
    { format: 'webp' as const },
    { format: 'gif' as const },
    { format: 'png' as const, pngQuality: 40 },
  ])('is deterministic (%j)', async (encoding) => {
    const input = await quadrants(400, 300);
    const over = { ...encoding, width: 123, rotate: 90 as const, mode: 'pad' as const, height: 77 };
    const [a, b] = await Promise.all([run(over, input), run(over, input)]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });
});
