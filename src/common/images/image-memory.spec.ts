import {
  ENCODER_BYTES_PER_PIXEL,
  LOSSLESS_WEBP_MAX_PIXELS,
  transformBytes,
  transformEncoder,
  uploadBytes,
} from './image-memory';
import { DEFAULT_TRANSFORM, ImageTransform } from './transform-layout';

const t = (patch: Partial<ImageTransform>): ImageTransform => ({ ...DEFAULT_TRANSFORM, ...patch });
const MB = 1024 * 1024;

describe('image memory cost models', () => {
  it('picks the encoder a transformation uses: a PNG with a quality is a palette PNG', () => {
    expect(transformEncoder(t({ format: 'png' }))).toBe('png');
    expect(transformEncoder(t({ format: 'png', pngQuality: 80 }))).toBe('pngPalette');
    expect(transformEncoder(t({ format: 'webp', webpLossless: true }))).toBe('webpLossless');
    expect(transformEncoder(t({ format: 'webp' }))).toBe('webp');
    expect(transformEncoder(t({ format: 'jpeg' }))).toBe('jpeg');
  });

  it('weighs the decoded source, the output canvas and the encoder', () => {
    const source = 3413 * 4096;
    const box = 4096 * 4096;
    const webp = transformBytes(source, box, t({ format: 'webp' }));
    expect(webp).toBe(4 * source + (4 + ENCODER_BYTES_PER_PIXEL.webp) * box);
    // A 4096² lossy WebP of a 4096-px render: ~420 MB, more than the default budget (runs alone).
    expect(webp / MB).toBeGreaterThan(384);
    // The same box as PNG costs a fraction of it.
    expect(transformBytes(source, box, t({ format: 'png' }))).toBeLessThan(webp / 2);
  });

  it('bounds a lossless WebP so that its worst case stays well inside the default budget', () => {
    const lossless = t({ format: 'webp', webpLossless: true });
    const largest = transformBytes(LOSSLESS_WEBP_MAX_PIXELS, LOSSLESS_WEBP_MAX_PIXELS, lossless);
    expect(largest).toBe(50 * LOSSLESS_WEBP_MAX_PIXELS);
    expect(largest / MB).toBeLessThan(384 / 1.5);
  });

  it('weighs an upload by its pixels, every frame of an animation, and its format', () => {
    expect(uploadBytes('jpeg', 1000, 1)).toBe((4 + ENCODER_BYTES_PER_PIXEL.jpeg) * 1000);
    expect(uploadBytes('gif', 1000, 10)).toBe((4 + ENCODER_BYTES_PER_PIXEL.gif) * 10_000);
    expect(uploadBytes('png', 1000, 0)).toBe(uploadBytes('png', 1000, 1));
  });
});
