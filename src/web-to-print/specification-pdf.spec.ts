import { writeFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ProductDefinition } from '../catalog';
import { workerPool } from '../common/workers/worker-pool';
import { FontsService } from '../fonts';
import { shownText } from '../../test/support/pdf-text';
import { specificationPdf, SpecificationInput, viewAngleFor } from './specification-pdf';

const location = (handle: string) => ({
  handle,
  name: handle.toUpperCase(),
  printArea: { widthMm: 300, heightMm: 400 },
  dpi: 300,
  embellishment: 'print' as const,
});
const view = (handle: string, shows: string) => ({
  handle,
  width: 100,
  height: 100,
  cameras: [],
  layers: [{ type: 'design', location: shows, x: 0, y: 0, width: 10, height: 10 }],
});
const DEFINITION = {
  handle: 'tee',
  name: 'T-shirt',
  locations: [location('front'), location('back'), location('sleeve')],
  viewAngles: [view('north', 'front'), view('south', 'back')],
} as unknown as ProductDefinition;

describe('specificationPdf', () => {
  const fonts = new FontsService();
  const input = async (): Promise<SpecificationInput> => ({
    recipeSet: {
      id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
      readableId: 'K7PQ4MZT',
      version: 2,
      options: { colour: 'black' },
      design: {
        front: {
          elements: [
            {
              type: 'text',
              text: 'Team Rocket ✓ 東京',
              font: 'roboto-bold',
              size: 48,
              colour: '#d62828',
              x: 150,
              y: 80,
              rotation: 0,
              align: 'center',
            },
          ],
        },
        back: {
          elements: [
            {
              type: 'image',
              uploadedAssetId: 7,
              x: 75,
              y: 100,
              width: 150,
              height: 150,
              rotation: 10,
            },
          ],
        },
      },
    },
    product: { handle: 'tee', definition: DEFINITION },
    order: { number: 'PO-1001', lines: [{ sku: 'TEE-BLK-M', quantity: 2 }] },
    webToPrintUrl: 'http://localhost:3000/api/webtoprint/K7PQ4MZT',
    renders: new Map([
      [
        'front',
        await sharp({ create: { width: 100, height: 120, channels: 4, background: '#333333' } })
          .png()
          .toBuffer(),
      ],
    ]),
    outline: fonts.outline.bind(fonts),
  });

  it('has one page per designed location, A4 landscape, and opens', async () => {
    const drawn = workerPool().completed;
    const bytes = await specificationPdf(await input());
    expect(workerPool().completed).toBe(drawn + 1); // drawn in a worker thread
    if (process.env.PRINT_FILES_OUT)
      await writeFile(`${process.env.PRINT_FILES_OUT}/spec.pdf`, bytes);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 842, height: 595 });
    expect(pdf.getTitle()).toBe('Placement specification K7PQ4MZT');
    expect((await specificationPdf(await input())).equals(bytes)).toBe(true);
  });

  it('says how the print files are made and the resolution of each image at its printed size', async () => {
    const resolution = {
      uploadedAssetId: 7,
      widthPx: 591,
      heightPx: 591,
      widthMm: 150,
      heightMm: 150,
      effectiveDpi: 100,
      warnings: ['uploaded asset 7 prints at 100 dpi, below the minimum of 150 dpi'],
    };
    const bytes = await specificationPdf({
      ...(await input()),
      resolutions: new Map([['back', [resolution]]]),
    });
    const text = await shownText(bytes);
    expect(text).toContain('Print files: PDF/X-4, RGB (sRGB IEC61966-2.1), bleed 3 mm');
    expect(text).toContain('image, upload 7, 100 dpi (below 150)');
    const plain = await shownText(await specificationPdf(await input()));
    expect(plain).toContain('image, upload 7');
    expect(plain).not.toContain('dpi (below');
  });

  it("prints the order's SKU warnings (the warn policy) above the location, and nothing without", async () => {
    const base = await input();
    const warned = await shownText(
      await specificationPdf({
        ...base,
        order: {
          ...base.order!,
          warnings: [
            'SKU TEE-BLK-M is colour black, but recipe set K7PQ4MZT is designed in colour white.',
          ],
        },
      }),
    );
    expect(warned).toContain(
      'Warning: SKU TEE-BLK-M is colour black, but recipe set K7PQ4MZT is designed in colour white.',
    );
    expect(await shownText(await specificationPdf(base))).not.toContain('Warning:');
  });

  it('finds the view angle that shows a location', () => {
    expect(viewAngleFor(DEFINITION, 'back')).toBe('south');
    expect(viewAngleFor(DEFINITION, 'sleeve')).toBe('north');
  });
});
