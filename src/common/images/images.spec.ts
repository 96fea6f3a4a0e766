import sharp from 'sharp';
import { EXE_BYTES, pngBomb, rotatedJpeg, testImage } from '../../../test/support/images';
import { ImageRejected } from './image-errors';
import { normalizeUpload, rasterizeSvg } from './images';

const LIMIT = { maxPixels: 64_000_000 };

describe('normalizeUpload', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'tiff'] as const)(
    'keeps a %s image in its format',
    async (format) => {
      const out = await normalizeUpload(await testImage(format), LIMIT);
      expect(out).toMatchObject({ format, width: 64, height: 48 });
      expect((await sharp(out.bytes).metadata()).format).toBe(format);
    },
  );

  it('applies the EXIF orientation and drops the metadata', async () => {
    const out = await normalizeUpload(await rotatedJpeg(60, 40), LIMIT);
    expect(out).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(out.bytes.includes('Secret GPS')).toBe(false);
  });

  it('is deterministic', async () => {
    const input = await testImage('png');
    const [a, b] = await Promise.all([
      normalizeUpload(input, LIMIT),
      normalizeUpload(input, LIMIT),
    ]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('refuses a 20,000 × 20,000 pixel bomb from its header', async () => {
    await expect(normalizeUpload(pngBomb(), LIMIT)).rejects.toThrow(
      'the file has 20000 × 20000 pixels, more than the limit of 64000000 pixels.',
    );
  });

  it('refuses a truncated PNG, an executable and SVG with clear messages', async () => {
    const png = await testImage('png', { width: 200, height: 200 });
    await expect(normalizeUpload(png.subarray(0, png.length - 40), LIMIT)).rejects.toThrow(
      'the file could not be decoded: it is truncated or corrupt.',
    );
    await expect(normalizeUpload(EXE_BYTES, { ...LIMIT, name: 'logo.png' })).rejects.toThrow(
      'logo.png is not an image of an accepted type (PNG, JPEG, WebP, GIF or TIFF).',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(normalizeUpload(svg, LIMIT)).rejects.toThrow(ImageRejected);
    await expect(normalizeUpload(svg, LIMIT)).rejects.toThrow('is an SVG image');
  });
});

describe('rasterizeSvg', () => {
  it('draws the SVG at its own size', async () => {
    const png = await rasterizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="#0f0"/></svg>',
    );
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 30, height: 20 });
  });
});
