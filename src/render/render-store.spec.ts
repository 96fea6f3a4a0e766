import { DEFAULT_TRANSFORM, ImageTransform } from '../common/images/transform-layout';
import { RenderInputs } from './render-inputs';
import { HEAVY_TRANSFORM_PIXELS, transformPixels } from './render-store';

/** A render of 1000 × 1200 (the demo tee's default size); nothing else is read. */
const inputs = { outputSize: { width: 1000, height: 1200 } } as RenderInputs;
const t = (patch: Partial<ImageTransform>): ImageTransform => ({ ...DEFAULT_TRANSFORM, ...patch });

describe('transformPixels (the cost that picks a transformation pool)', () => {
  it('is the padded box when the mode pads: 4096² is heavy work', () => {
    // Asked for more pixels than the default, the render is drawn larger first (enlargedRenderSize).
    const enlarged = { outputSize: { width: 3413, height: 4096 } } as RenderInputs;
    const pixels = transformPixels(enlarged, t({ width: 4096, height: 4096, mode: 'pad' }));
    expect(pixels).toBe(4096 * 4096);
    expect(pixels).toBeGreaterThan(HEAVY_TRANSFORM_PIXELS);
  });

  it('keeps the aspect ratio for one side, and never enlarges under scale=down', () => {
    expect(transformPixels(inputs, t({ width: 500 }))).toBe(500 * 600);
    expect(transformPixels(inputs, t({ width: 4000 }))).toBe(1000 * 1200);
    expect(transformPixels(inputs, t({ width: 4000, scale: 'both' }))).toBe(4000 * 4800);
  });

  it('turns the source for a quarter rotation', () => {
    expect(transformPixels(inputs, t({ height: 500, rotate: 90 }))).toBe(600 * 500);
  });

  it('scales the source by dpr when no box is given; the storefront thumbnail is light', () => {
    expect(transformPixels(inputs, t({ dpr: 2, scale: 'both' }))).toBe(2000 * 2400);
    expect(transformPixels(inputs, t({ width: 100, format: 'jpeg' }))).toBeLessThan(
      HEAVY_TRANSFORM_PIXELS,
    );
  });
});
