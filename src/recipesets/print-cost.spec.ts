import type { ProductDefinition, ProductLocation } from '../catalog';
import { printCanvasPixels, printCostProblems, printPixels } from './print-cost';

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
    expect(printCostProblems(design, product, 20_000_000)).toEqual([
      'design.front: location front prints 47386 × 23764 px (2000 × 1000 mm plus 3 mm bleed at 600 dpi), 1,126,080,904 pixels; print files are limited to 20,000,000 pixels per location (PRINT_MAX_PIXELS).',
    ]);
  });
});
