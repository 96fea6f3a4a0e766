import sharp from 'sharp';
import { DEFAULT_PRINT_SETTINGS, type ProductLocation } from '../catalog';
import type { Rgba } from '../common/images/compose';
import { FontsService } from '../fonts';
import { printCanvasPixels, type ImageElement, type LocationDesign } from '../recipe-sets';
import { printPdf, printPdfPlan, printPixels, printPng } from './location-files';

/** Every image decode of the print code, with how many decodes ran at once. */
const decoded: Rgba[] = [];
const flight = { now: 0, max: 0 };

jest.mock('../common/images/compose', () => {
  const actual = jest.requireActual<typeof import('../common/images/compose')>(
    '../common/images/compose',
  );
  const counted =
    <A extends unknown[]>(decode: (...args: A) => Promise<Rgba>) =>
    async (...args: A): Promise<Rgba> => {
      flight.now += 1;
      flight.max = Math.max(flight.max, flight.now);
      try {
        const image = await decode(...args);
        decoded.push(image);
        return image;
      } finally {
        flight.now -= 1;
      }
    };
  return {
    ...actual,
    decodeRgba: counted(actual.decodeRgba),
    decodeResizedRegion: counted(actual.decodeResizedRegion),
  };
});

const LOCATION: ProductLocation = {
  handle: 'front',
  name: 'Front',
  printArea: { widthMm: 100, heightMm: 50 },
  dpi: 150,
  embellishment: 'print',
};

/** Twenty image elements of 400 × 400 mm over a 100 × 50 mm print area (H3 of issue 24). */
const huge = (rotation = 0): LocationDesign => ({
  elements: Array.from({ length: 20 }, (_, i): ImageElement => ({
    type: 'image',
    uploadedAssetId: i + 1,
    x: i % 2,
    y: 0,
    width: 400,
    height: 400,
    rotation,
  })),
});

describe('print files: memory bounded by the canvas', () => {
  const fonts = new FontsService();
  const sources = {
    outline: fonts.outline.bind(fonts),
    uploadedAsset: async (): Promise<Buffer> => {
      fetched += 1;
      return sharp({ create: { width: 40, height: 40, channels: 3, background: '#1e88e5' } })
        .png()
        .toBuffer();
    },
    limitInputPixels: 10_000_000,
  };

  let fetched = 0;

  beforeEach(() => {
    fetched = 0;
    decoded.length = 0;
    flight.now = 0;
    flight.max = 0;
  });

  it('draws the PNG one image element at a time, each decoded at most at the canvas size', async () => {
    const canvas = printPixels(LOCATION); // 591 × 295
    const png = (await printPng(LOCATION, huge(), sources))!;
    expect(await sharp(png).metadata()).toMatchObject(canvas);
    expect(decoded).toHaveLength(20);
    expect(flight.max).toBe(1);
    for (const image of decoded) {
      // The part of the 2362 × 2362 px box that shows, plus a pixel for interpolation.
      expect(image.width).toBeLessThanOrEqual(canvas.width + 2);
      expect(image.height).toBeLessThanOrEqual(canvas.height + 2);
    }
  });

  it('draws the PDF one image element at a time, each decoded at most at the page size', async () => {
    const page = printCanvasPixels(LOCATION); // print area plus bleed: 626 × 331
    const pdf = await printPdf(LOCATION, huge(), sources, { title: 't' }, DEFAULT_PRINT_SETTINGS);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decoded).toHaveLength(20);
    expect(flight.max).toBe(1);
    for (const image of decoded) {
      expect(image.width).toBeLessThanOrEqual(page.width + 2);
      expect(image.height).toBeLessThanOrEqual(page.height + 2);
    }
  });

  it('plans the PDF with the encoded bytes of each image once, decoding nothing', async () => {
    const same = { elements: huge().elements.map((e) => ({ ...e, uploadedAssetId: 7 })) };
    const plan = await printPdfPlan(
      LOCATION,
      same,
      sources,
      { title: 't' },
      DEFAULT_PRINT_SETTINGS,
    );
    expect(plan.items).toHaveLength(20);
    expect(plan.assets).toHaveLength(1);
    expect(fetched).toBe(1);
    expect(decoded).toHaveLength(0);
  });

  it('decodes a turned element at most over the page turned with it', async () => {
    const page = printCanvasPixels(LOCATION);
    await printPdf(LOCATION, huge(45), sources, { title: 't' }, DEFAULT_PRINT_SETTINGS);
    await printPng(LOCATION, huge(45), sources);
    // The page's bounding box in the element's own (turned) pixels: (w + h) / √2 on each side.
    const side = Math.ceil((page.width + page.height) / Math.SQRT2) + 2;
    expect(decoded).toHaveLength(40);
    for (const image of decoded)
      expect(image.width * image.height).toBeLessThanOrEqual(side * side);
    expect(flight.max).toBe(1);
  });
});
