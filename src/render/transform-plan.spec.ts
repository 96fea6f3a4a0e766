import { DEFAULT_TRANSFORM, ImageTransform } from '../common/images/transform-layout';
import { enlargedRenderSize } from './transform-plan';

const VIEW = { width: 1000, height: 1200 };
const size = (over: Partial<ImageTransform>, maxSide = 4096) =>
  enlargedRenderSize(VIEW, { ...DEFAULT_TRANSFORM, ...over }, maxSide);

describe('enlargedRenderSize', () => {
  it('keeps the default render when it has enough pixels', () => {
    expect(size({})).toBeUndefined();
    expect(size({ width: 512 })).toBeUndefined();
    expect(size({ width: 1000, height: 1200 })).toBeUndefined();
    expect(size({ dpr: 0.5 })).toBeUndefined();
    // max fits inside the box: 1500 × 300 needs no more than 250 × 300.
    expect(size({ width: 1500, height: 300 })).toBeUndefined();
  });

  it('scales the default up by the first step that is enough, keeping its aspect ratio', () => {
    expect(size({ width: 1500 })).toEqual({ width: 1500, height: 1800 });
    expect(size({ width: 1001 })).toEqual({ width: 1500, height: 1800 });
    expect(size({ width: 1700 })).toEqual({ width: 2000, height: 2400 });
    expect(size({ height: 2400 })).toEqual({ width: 2000, height: 2400 });
    expect(size({ dpr: 2 })).toEqual({ width: 2000, height: 2400 });
    expect(size({ width: 1500, height: 300, mode: 'crop' })).toEqual({ width: 1500, height: 1800 });
    expect(size({ width: 300, height: 2400, mode: 'stretch' })).toEqual({
      width: 2000,
      height: 2400,
    });
    // A quarter turn: the output's width is the render's height.
    expect(size({ width: 2400, rotate: 90 })).toEqual({ width: 2000, height: 2400 });
  });

  it('stops at the largest side allowed, and leaves crops to the default render', () => {
    expect(size({ width: 2600 })).toEqual({ width: 3000, height: 3600 });
    expect(size({ width: 4000 })).toEqual({ width: 3413, height: 4096 });
    expect(size({ width: 4000 }, 1200)).toBeUndefined();
    expect(size({ width: 2000, crop: { x1: 0, y1: 0, x2: 500, y2: 600 } })).toBeUndefined();
  });
});
