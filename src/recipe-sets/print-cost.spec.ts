import type { ProductDefinition, ProductLocation } from '../catalog';
import type { ImageElement } from './design';
import {
  drawnImagePixels,
  locationPrintBytes,
  printCanvasPixels,
  printCostProblems,
  printJobBytes,
  printPixels,
} from './print-cost';

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

  describe('what a print job allocates (its weight in PRINT_MEMORY_BUDGET_MB)', () => {
    const MB = 1024 * 1024;
    const page = { x: -3, y: -3, width: 306, height: 406 };
    const covering = (over: Partial<ImageElement> = {}) => image({ ...page, ...over });

    it('counts the PNG canvas, and the PDF images decoded, planed and written', () => {
      const front = location();
      const canvas = 3614 * 4795;
      const drawn = drawnImagePixels(front, covering());
      expect(drawn / canvas).toBeCloseTo(1, 3); // the page, give or take the rounding
      // Two images covering the page (the PRINT_MAX_IMAGE_PIXELS ceiling of the demo tee).
      const bytes = locationPrintBytes(front, { elements: [covering(), covering()] }, 3);
      expect(bytes.png).toBe(4 * 3543 * 4724);
      expect(bytes.pdf).toBe(5 * 2 * drawn + 4 * MB);
      // The largest image decoded with its planes, beside the PDF's planes and its written copy.
      expect(bytes.making).toBe(9 * drawn + 2 * bytes.pdf);
      // Text and backgrounds alone: the canvas (12 bytes a pixel), 28 when turned.
      const text = { type: 'text', x: 0, y: 0, rotation: 0 } as unknown as ImageElement;
      expect(locationPrintBytes(front, { elements: [text], background: '#fff' }, 3).making).toBe(
        12 * canvas,
      );
      expect(locationPrintBytes(front, { elements: [{ ...text, rotation: 30 }] }, 3).making).toBe(
        28 * canvas,
      );
    });

    it('adds the files of the locations made before, and the packing of them all', () => {
      const product = {
        handle: 'tee',
        locations: [location(), location({ handle: 'back' }), location({ handle: 'blank' })],
      } as unknown as ProductDefinition;
      const one = locationPrintBytes(location(), { elements: [covering(), covering()] }, 3);
      const design = {
        front: { elements: [covering(), covering()] },
        back: { elements: [covering(), covering()] },
        blank: { elements: [] },
      };
      const files = 2 * (one.png + one.pdf);
      // Packing holds the files, a copy of each PNG and a ZIP as large as the files.
      expect(printJobBytes(design, product)).toBe(
        Math.max(one.png + one.pdf + one.making, 2 * files + 2 * one.png),
      );
      expect(printJobBytes({ front: design.front }, product)).toBe(
        Math.max(one.making, 2 * (one.png + one.pdf) + one.png),
      );
      expect(printJobBytes({}, product)).toBe(0);
      // The ceiling design of the demo tee weighs about half a gigabyte.
      expect(printJobBytes({ front: design.front }, product) / MB).toBeGreaterThan(400);
      expect(printJobBytes({ front: design.front }, product) / MB).toBeLessThan(800);
    });
  });
});
