import { dotsPerInch, effectiveDpi, placementSize } from './placement';

describe('DPI arithmetic', () => {
  it('divides pixels by inches', () => {
    expect(dotsPerInch(300, 25.4)).toBe(300);
    expect(dotsPerInch(100, 100)).toBeCloseTo(25.4, 5);
    expect(dotsPerInch(1200, 100)).toBeCloseTo(304.8, 5);
  });

  it('takes the lower of the two directions', () => {
    expect(effectiveDpi({ width: 1200, height: 600 }, { widthMm: 100, heightMm: 100 })).toBeCloseTo(
      152.4,
      5,
    );
  });
});

describe('placementSize', () => {
  const px = { width: 1000, height: 500 };

  it('takes both sides as given', () => {
    expect(placementSize(px, { width: 80, height: 90 })).toEqual({ widthMm: 80, heightMm: 90 });
  });

  it("keeps the image's proportions when one side is given", () => {
    expect(placementSize(px, { width: 100 })).toEqual({ widthMm: 100, heightMm: 50 });
    expect(placementSize(px, { height: 100 })).toEqual({ widthMm: 200, heightMm: 100 });
  });

  it('fits the image into the print area without a size', () => {
    expect(placementSize(px, {}, { widthMm: 300, heightMm: 400 })).toEqual({
      widthMm: 300,
      heightMm: 150,
    });
    expect(placementSize({ width: 100, height: 400 }, {}, { widthMm: 300, heightMm: 400 })).toEqual(
      {
        widthMm: 100,
        heightMm: 400,
      },
    );
  });

  it('has no size without a size or a print area', () => {
    expect(placementSize(px, {})).toBeUndefined();
  });
});
