import { paint, pixelAt } from '../../../test/support/render-product';
import {
  clipToCanvas,
  compositeRgba,
  decodeRgba,
  decodeResizedRegion,
  encodePng,
  rotateRgba,
  windowRgba,
} from './compose';
import {
  blendInto,
  clipAndShade,
  maskCoverage,
  shadeFactors,
  tintCoverage,
  withOpacity,
} from './layer-effects';

const LIMIT = 1_000_000;

describe('compose', () => {
  it('takes a mask’s alpha, or its luminance when it is opaque', async () => {
    const alpha = paint(2, 1, (x) => (x === 0 ? [0, 0, 0, 255] : [255, 255, 255, 0]));
    expect([...(await maskCoverage(alpha))]).toEqual([255, 0]);
    const opaque = paint(
      3,
      1,
      (x) =>
        [
          [0, 0, 0, 255],
          [255, 255, 255, 255],
          [255, 0, 0, 255],
        ][x] as never,
    );
    expect([...(await maskCoverage(opaque))]).toEqual([0, 255, 54]);
  });

  it('tints a coverage with a colour and scales alpha by an opacity', async () => {
    const tinted = await tintCoverage(Buffer.from([255, 128]), 2, 1, '#1A2b3C');
    expect([...tinted.data]).toEqual([26, 43, 60, 255, 26, 43, 60, 128]);
    expect([...(await withOpacity(tinted, 0.5)).data]).toEqual([26, 43, 60, 128, 26, 43, 60, 64]);
    expect(await withOpacity(tinted, 1)).toBe(tinted);
  });

  it('clips by a coverage and multiplies by an overlay flattened on white', async () => {
    const overlay = paint(2, 1, (x) => (x === 0 ? [128, 128, 128, 255] : [0, 0, 0, 0]));
    expect([...(await shadeFactors(overlay))]).toEqual([128, 128, 128, 255, 255, 255]);
    const placed = { image: paint(1, 1, () => [200, 100, 50, 255]), left: 0, top: 0 };
    const clipped = await clipAndShade(
      placed,
      2,
      Buffer.from([128, 0]),
      await shadeFactors(overlay),
    );
    expect(pixelAt(clipped.image, 0, 0)).toEqual([100, 50, 25, 128]);
  });

  it('cuts placed images to a canvas and sees images through windows that may leave them', async () => {
    const image = paint(4, 4, (x, y) => [x, y, 0, 255]);
    expect(await clipToCanvas({ image, left: 10, top: 0 }, 5, 5)).toBeNull();
    const cut = (await clipToCanvas({ image, left: -1, top: 3 }, 5, 5))!;
    expect(cut).toMatchObject({ left: 0, top: 3, image: { width: 3, height: 2 } });
    expect(pixelAt(cut.image, 0, 0)).toEqual([1, 0, 0, 255]);
    expect(await windowRgba(image, { left: 0, top: 0, width: 4, height: 4 })).toBe(image);
    const seen = await windowRgba(image, { left: 2, top: -1, width: 4, height: 2 });
    expect(pixelAt(seen, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixelAt(seen, 1, 1)).toEqual([3, 0, 0, 255]);
    expect(pixelAt(seen, 2, 1)).toEqual([0, 0, 0, 0]);
    const leftOf = await windowRgba(image, { left: -1, top: 1, width: 3, height: 1 });
    expect(leftOf).toMatchObject({ width: 3, height: 1 });
    expect([0, 1, 2].map((x) => pixelAt(leftOf, x, 0))).toEqual([
      [0, 0, 0, 0],
      [0, 1, 0, 255],
      [1, 1, 0, 255],
    ]);
    const outside = await windowRgba(image, { left: 9, top: 9, width: 2, height: 1 });
    expect([...outside.data]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('composites in order on a background or a base image', async () => {
    const grey = paint(1, 1, () => [128, 128, 128, 255]);
    const over = await compositeRgba(2, 1, [{ image: grey, left: 1, top: 0 }], '#ff0000');
    expect([...over.data]).toEqual([255, 0, 0, 255, 128, 128, 128, 255]);
    const half = paint(1, 1, () => [0, 0, 0, 128]);
    const onBase = await compositeRgba(2, 1, [{ image: half, left: 0, top: 0 }], undefined, over);
    expect(pixelAt(onBase, 0, 0)).toEqual([126, 0, 0, 255]);
    expect(await compositeRgba(2, 1, [], undefined, over)).toBe(over);
  });

  it.each([
    ['multiply', 255, [100, 100, 100, 255]],
    ['multiply', 128, [150, 150, 150, 255]], // half-way to the multiplied colour
    ['screen', 255, [228, 228, 228, 255]],
    ['overlay', 255, [200, 200, 200, 255]],
    ['over', 128, [164, 164, 164, 255]],
  ] as const)('blends %s (alpha %d) by the W3C formulas', async (blend, alpha, expected) => {
    const canvas = await blendInto(
      paint(1, 1, () => [200, 200, 200, 255]),
      {
        image: paint(1, 1, () => [128, 128, 128, alpha]),
        left: 0,
        top: 0,
        blend,
      },
    );
    expect(pixelAt(canvas, 0, 0)).toEqual(expected);
  });

  it('blends onto transparency as plain source-over, and ignores what misses the canvas', async () => {
    let canvas = paint(2, 1, () => [0, 0, 0, 0]);
    canvas = await blendInto(canvas, {
      image: paint(1, 1, () => [10, 20, 30, 255]),
      left: 1,
      top: 0,
      blend: 'multiply',
    });
    canvas = await blendInto(canvas, {
      image: paint(1, 1, () => [99, 99, 99, 255]),
      left: 5,
      top: 0,
      blend: 'screen',
    });
    expect([...canvas.data]).toEqual([0, 0, 0, 0, 10, 20, 30, 255]);
  });

  it('decodes, resizes a region, rotates and encodes', async () => {
    const png = await encodePng(paint(4, 2, (x) => (x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255])));
    const decoded = await decodeRgba(png, { limitInputPixels: LIMIT });
    expect(pixelAt(decoded, 3, 1)).toEqual([0, 0, 255, 255]);
    const stretched = await decodeRgba(png, {
      limitInputPixels: LIMIT,
      size: { width: 8, height: 8 },
    });
    expect(stretched).toMatchObject({ width: 8, height: 8 });
    const region = await decodeResizedRegion(
      png,
      400,
      200,
      { left: 300, top: 50, width: 10, height: 10 },
      LIMIT,
    );
    expect(region).toMatchObject({ width: 10, height: 10 });
    expect(pixelAt(region, 5, 5)).toEqual([0, 0, 255, 255]);
    const turned = await rotateRgba(decoded, 90);
    expect(turned).toMatchObject({ width: 2, height: 4 });
    expect(pixelAt(turned, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(turned, 0, 3)).toEqual([0, 0, 255, 255]);
    await expect(decodeRgba(png, { limitInputPixels: 4 })).rejects.toThrow(/pixel limit/i);
  });
});
