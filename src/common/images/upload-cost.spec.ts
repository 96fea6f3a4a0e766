import sharp from 'sharp';
import { isLosslessWebp, uploadCost, UPLOAD_COST_WEIGHTS } from './upload-cost';

describe('upload cost', () => {
  it('weighs pixels by format, in megapixels of JPEG, rounded up', () => {
    expect(uploadCost('jpeg', 40_000_000)).toBe(40);
    expect(uploadCost('png', 40_000_000)).toBe(80);
    expect(uploadCost('webp', 20_000_000)).toBe(80);
    expect(uploadCost('webpLossless', 36_000_000)).toBe(180);
    expect(uploadCost('jpeg', 1)).toBe(1);
    expect(UPLOAD_COST_WEIGHTS.webpLossless).toBeGreaterThan(UPLOAD_COST_WEIGHTS.webp);
  });

  it('tells a lossless WebP from a lossy one by its chunks, with or without alpha', async () => {
    const image = (channels: 3 | 4) =>
      sharp({ create: { width: 16, height: 16, channels, background: '#336699' } });
    expect(isLosslessWebp(await image(3).webp({ lossless: true }).toBuffer())).toBe(true);
    expect(isLosslessWebp(await image(4).webp({ lossless: true }).toBuffer())).toBe(true);
    expect(isLosslessWebp(await image(3).webp({ quality: 80 }).toBuffer())).toBe(false);
    expect(isLosslessWebp(await image(4).webp({ quality: 80 }).toBuffer())).toBe(false);
    expect(isLosslessWebp(await image(3).png().toBuffer())).toBe(false);
    expect(isLosslessWebp(Buffer.from('RIFF\0\0\0\0WEBPVP8L'))).toBe(false); // truncated header
  });

  it('reads the first frame of an animated WebP', async () => {
    const frames = Buffer.alloc(16 * 32 * 3, 0x80);
    const raw = { raw: { width: 16, height: 32, channels: 3 as const, pageHeight: 16 } };
    const lossless = await sharp(frames, raw).webp({ lossless: true }).toBuffer();
    const lossy = await sharp(frames, raw).webp({ quality: 80 }).toBuffer();
    expect(isLosslessWebp(lossless)).toBe(true);
    expect(isLosslessWebp(lossy)).toBe(false);
  });
});
