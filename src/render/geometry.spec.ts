import { placeRegion, visibleRegion } from './geometry';

describe('visibleRegion and placeRegion', () => {
  it('keeps the whole box when it lies on the canvas, and places it where it was', () => {
    const box = { width: 20, height: 10, cx: 50, cy: 50, rotation: 0 };
    const region = visibleRegion(box, 100, 100)!;
    expect(region).toEqual({ left: 0, top: 0, width: 20, height: 10 });
    expect(placeRegion(box, region, region)).toEqual({ left: 40, top: 45 });
  });

  it('keeps only the part of a big box over the canvas (plus a pixel)', () => {
    const box = { width: 1000, height: 1000, cx: 500, cy: 500, rotation: 0 };
    const region = visibleRegion(box, 100, 50)!;
    expect(region).toEqual({ left: 0, top: 0, width: 101, height: 51 });
    expect(placeRegion(box, region, region)).toEqual({ left: 0, top: 0 });
    expect(visibleRegion({ ...box, cx: -600 }, 100, 50)).toBeNull();
  });

  it('maps the canvas into a rotated box and places the rotated part', () => {
    // A 100 × 20 box turned 90° about (50, 50): it covers x 40–60, y 0–100 of the canvas.
    const box = { width: 100, height: 20, cx: 50, cy: 50, rotation: 90 };
    const region = visibleRegion(box, 100, 30)!; // the canvas's top 30 rows: the box's first 30 columns
    expect(region).toEqual({ left: 0, top: 0, width: 31, height: 20 });
    expect(placeRegion(box, region, { width: 20, height: 31 })).toEqual({ left: 40, top: 0 });
  });
});
