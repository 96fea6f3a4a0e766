import { DEFAULT_TRANSFORM, planLayout, resolveCrop } from './transform-layout';

const t = (over: Partial<typeof DEFAULT_TRANSFORM>) => ({ ...DEFAULT_TRANSFORM, ...over });
const sizes = (l: ReturnType<typeof planLayout>) => [
  l.imageWidth,
  l.imageHeight,
  l.canvasWidth,
  l.canvasHeight,
  l.left,
  l.top,
];

describe('planLayout', () => {
  it('keeps the aspect ratio when only one dimension is given', () => {
    expect(sizes(planLayout(800, 600, t({ width: 200 })))).toEqual([200, 150, 200, 150, 0, 0]);
    expect(sizes(planLayout(800, 600, t({ height: 300 })))).toEqual([400, 300, 400, 300, 0, 0]);
  });

  it('max fits inside the box', () => {
    expect(sizes(planLayout(800, 600, t({ width: 400, height: 400 })))).toEqual([
      400, 300, 400, 300, 0, 0,
    ]);
  });

  it('pad fits and pads to the box at the anchor', () => {
    const box = { width: 400, height: 400, mode: 'pad' as const };
    expect(sizes(planLayout(800, 600, t(box)))).toEqual([400, 300, 400, 400, 0, 50]);
    expect(sizes(planLayout(800, 600, t({ ...box, anchor: 'topleft' })))).toEqual([
      400, 300, 400, 400, 0, 0,
    ]);
    expect(sizes(planLayout(800, 600, t({ ...box, anchor: 'bottomright' })))).toEqual([
      400, 300, 400, 400, 0, 100,
    ]);
  });

  it('crop covers the box and overflows at the anchor', () => {
    const box = { width: 300, height: 300, mode: 'crop' as const };
    expect(sizes(planLayout(800, 600, t(box)))).toEqual([400, 300, 300, 300, -50, 0]);
    expect(sizes(planLayout(800, 600, t({ ...box, anchor: 'middleright' })))).toEqual([
      400, 300, 300, 300, -100, 0,
    ]);
  });

  it('stretch fills the box, ignoring the aspect ratio', () => {
    expect(sizes(planLayout(800, 600, t({ width: 100, height: 300, mode: 'stretch' })))).toEqual([
      100, 300, 100, 300, 0, 0,
    ]);
  });

  it('scale=down never enlarges: the layout shrinks back so the image keeps its size', () => {
    expect(sizes(planLayout(200, 100, t({ width: 400 })))).toEqual([200, 100, 200, 100, 0, 0]);
    // pad 400×400 would enlarge 2×: the canvas keeps the box's proportions at half size
    expect(sizes(planLayout(200, 100, t({ width: 400, height: 400, mode: 'pad' })))).toEqual([
      200, 100, 200, 200, 0, 50,
    ]);
  });

  it('scale=both and scale=up enlarge', () => {
    expect(sizes(planLayout(200, 100, t({ width: 400, scale: 'both' })))).toEqual([
      400, 200, 400, 200, 0, 0,
    ]);
    expect(sizes(planLayout(200, 100, t({ width: 400, scale: 'up' })))).toEqual([
      400, 200, 400, 200, 0, 0,
    ]);
  });

  it('scale=up never shrinks', () => {
    expect(sizes(planLayout(800, 600, t({ width: 200, scale: 'up' })))).toEqual([
      800, 600, 800, 600, 0, 0,
    ]);
  });

  it('scale=canvas pads a small image to the requested box instead of enlarging it', () => {
    expect(
      sizes(planLayout(200, 100, t({ width: 400, height: 400, mode: 'pad', scale: 'canvas' }))),
    ).toEqual([200, 100, 400, 400, 100, 150]);
    // and still shrinks a large one
    expect(sizes(planLayout(800, 600, t({ width: 400, scale: 'canvas' })))).toEqual([
      400, 300, 400, 300, 0, 0,
    ]);
  });

  it('dpr without a size scales the source size (under the scale rule)', () => {
    expect(sizes(planLayout(200, 100, t({ dpr: 2, scale: 'both' })))).toEqual([
      400, 200, 400, 200, 0, 0,
    ]);
    expect(sizes(planLayout(200, 100, t({ dpr: 0.5 })))).toEqual([100, 50, 100, 50, 0, 0]);
  });
});

describe('resolveCrop', () => {
  it('takes source pixels, rounding and clamping to the image', () => {
    expect(resolveCrop({ x1: 10, y1: 20.4, x2: 110, y2: 900 }, 800, 600)).toEqual({
      left: 10,
      top: 20,
      width: 100,
      height: 580,
    });
  });

  it('counts x2/y2 of 0 or less from the right and bottom edges', () => {
    expect(resolveCrop({ x1: 0, y1: 0, x2: 0, y2: -100 }, 800, 600)).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 500,
    });
  });

  it('is null when nothing is left', () => {
    expect(resolveCrop({ x1: 900, y1: 0, x2: 0, y2: 0 }, 800, 600)).toBeNull();
  });
});
