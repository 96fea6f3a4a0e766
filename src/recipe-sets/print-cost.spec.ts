import type { ProductDefinition, ProductLocation } from '../catalog';
import type { ImageElement } from './design';
import { drawnImagePixels, printCanvasPixels, printCostProblems, printPixels } from './print-cost';

const location = (over: Partial<ProductLocation> = {}): ProductLocation => ({
  handle: 'front',
  printArea: { widthMm: 300, heightMm: 400 },
  dpi: 300,
  embellishment: 'print',
  ...over,
});

describe('print cost', () => {
  it('sizes the print area and the page with bleed at the location DPI', () => {
    expect(printPixels(location())).toEqual({ width: 3543, height: 4724 });
    expect(printCanvasPixels(location())).toEqual({ width: 3614, height: 4795 });
  });

  it('names each designed location over the ceiling, and skips blank ones', () => {
    const product = {
      handle: 'banner',
      locations: [
        location({ handle: 'front', printArea: { widthMm: 2000, heightMm: 1000 }, dpi: 600 }),
        location({ handle: 'back', printArea: { widthMm: 2000, heightMm: 1000 }, dpi: 600 }),
        location({ handle: 'tag' }),
      ],
    } as unknown as ProductDefinition;
    const design = {
      front: { elements: [], background: '#000000' },
      back: { elements: [] },
      tag: { elements: [], background: '#000000' },
    };
    expect(
      printCostProblems(design, product, { maxPixels: 20_000_000, maxImagePixels: 1e9 }),
    ).toEqual([
      'design.front: location front prints 47386 × 23764 px (2000 × 1000 mm plus 3 mm bleed at 600 dpi), 1,126,080,904 pixels; print files are limited to 20,000,000 pixels per location (PRINT_MAX_PIXELS).',
    ]);
  });

  const image = (over: Partial<ImageElement> = {}): ImageElement => ({
    type: 'image',
    uploadedAssetId: 1,
    x: 0,
    y: 0,
    width: 100,
    height: 100,
    rotation: 0,
    ...over,
  });

  it('costs an image element by the part of its box on the page, at the DPI', () => {
    // 100 mm at 300 dpi: 1181 px; inside the page.
    expect(drawnImagePixels(location(), image())).toBe(1181 * 1181);
    // 400 × 400 mm (4724 px) from the top-left corner: the left and top bleed lie outside the
    // box, the right of the box beyond the page; the page is taller than what is left of the box.
    const left = (3 + 200) * (300 / 25.4) - 4724 / 2;
    expect(drawnImagePixels(location(), image({ width: 400, height: 400 }))).toBe(
      Math.round((3614 - left) * 4724),
    );
    // Turned 45°: at most the page's bounding box in the box's own pixels.
    const turned = drawnImagePixels(location(), image({ width: 4000, height: 4000, x: -1 }));
    expect(turned).toBeLessThanOrEqual(3614 * 4795);
    const side = (3614 + 4795) / Math.SQRT2;
    expect(
      drawnImagePixels(location(), image({ width: 3000, height: 3000, rotation: 45 })),
    ).toBeLessThanOrEqual(Math.ceil(side * side));
    // Anchored at the print area's far corner: only the 3 × 3 mm of bleed (35 × 35 px) counts.
    const corner = drawnImagePixels(location(), image({ x: 300, y: 400, width: 10, height: 10 }));
    expect(corner).toBeGreaterThan(34 * 34);
    expect(corner).toBeLessThan(36 * 36);
  });

  it('names a location whose images draw more than PRINT_MAX_IMAGE_PIXELS', () => {
    const product = { handle: 'tee', locations: [location()] } as unknown as ProductDefinition;
    const twenty = {
      front: { elements: Array.from({ length: 20 }, () => image({ width: 400, height: 400 })) },
    };
    expect(
      printCostProblems(twenty, product, { maxPixels: 20_000_000, maxImagePixels: 40_000_000 }),
    ).toEqual([
      "design.front: location front draws 338,083,660 pixels of images at 300 dpi (the parts on the page, summed); a location's images are limited to 40,000,000 pixels (PRINT_MAX_IMAGE_PIXELS).",
    ]);
    const two = { front: { elements: twenty.front.elements.slice(0, 2) } };
    expect(
      printCostProblems(two, product, { maxPixels: 20_000_000, maxImagePixels: 40_000_000 }),
    ).toEqual([]);
  });
});
