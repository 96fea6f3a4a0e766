import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  DEFAULT_PRINT_SETTINGS,
  fileNameTemplateProblems,
  ProductDefinition,
  ProductLocation,
} from '../catalog';
import { FontsService } from '../fonts';
import { isSafeFileName } from '../common/files/file-names';
import { fileName, generatePrintFiles, PrintFilesInput, PrintManifest } from './print-files';
import { pdfX4Problems } from '../../test/support/pdfx-preflight';
import { unzip } from '../../test/support/zip';

const location = (handle: string, widthMm: number, heightMm: number): ProductLocation => ({
  handle,
  name: handle.toUpperCase(),
  printArea: { widthMm, heightMm },
  dpi: 100,
  embellishment: 'print',
});

const INPUT: PrintFilesInput = {
  recipeSet: {
    id: '0b7c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
    readableId: 'K7PQ4MZT',
    version: 3,
    options: { colour: 'black', size: 'M' },
    design: {
      front: {
        elements: [
          {
            type: 'text',
            text: 'Team Rocket',
            font: 'roboto-bold',
            size: 30,
            colour: '#d62828',
            x: 60,
            y: 40,
            rotation: 0,
            align: 'center',
          },
        ],
      },
      back: {
        background: '#ffffff',
        elements: [
          { type: 'image', uploadedAssetId: 7, x: 20, y: 20, width: 40, height: 40, rotation: 15 },
        ],
      },
      sleeve: { elements: [] },
    },
  },
  product: {
    handle: 'tee',
    definition: {
      handle: 'tee',
      name: 'T-shirt',
      locations: [
        location('front', 120, 160),
        location('back', 120, 160),
        location('sleeve', 60, 60),
      ],
    } as unknown as ProductDefinition,
  },
  order: {
    number: 'PO-1001',
    lines: [{ sku: 'TEE-BLK-M', quantity: 2 }],
    warnings: [
      'SKU TEE-BLK-M is colour black, but recipe set K7PQ4MZT is designed in colour white.',
    ],
  },
};

const DEFAULTS = { client: DEFAULT_PRINT_SETTINGS, locations: {} };

describe('generatePrintFiles', () => {
  const fonts = new FontsService();
  const sources = {
    outline: fonts.outline.bind(fonts),
    uploadedAsset: () =>
      sharp({ create: { width: 30, height: 30, channels: 3, background: '#1e88e5' } })
        .png()
        .toBuffer(),
    limitInputPixels: 10_000_000,
  };

  it('zips a PDF and a PNG per designed location and a manifest naming them with their hashes', async () => {
    const set = await generatePrintFiles(INPUT, sources, DEFAULTS);
    const files = await unzip(set.zip);
    expect([...files.keys()]).toEqual([
      'K7PQ4MZT-front.pdf',
      'K7PQ4MZT-front.png',
      'K7PQ4MZT-back.pdf',
      'K7PQ4MZT-back.png',
      'manifest.json',
    ]);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({
      recipeSet: { readableId: 'K7PQ4MZT', uuid: INPUT.recipeSet.id, designVersion: 3 },
      orderNumber: 'PO-1001',
      product: { handle: 'tee', name: 'T-shirt' },
      items: [{ sku: 'TEE-BLK-M', quantity: 2 }],
      orderWarnings: [
        'SKU TEE-BLK-M is colour black, but recipe set K7PQ4MZT is designed in colour white.',
      ],
    });
    expect(manifest.locations.map((l: { handle: string }) => l.handle)).toEqual(['front', 'back']);
    expect(manifest.locations[0]).toMatchObject({
      widthMm: 120,
      heightMm: 160,
      bleedMm: 3,
      dpi: 100,
      widthPx: 472,
      heightPx: 630,
      embellishment: 'print',
    });
    for (const l of manifest.locations)
      for (const f of l.files as { name: string; sha256: string; bytes: number }[]) {
        const bytes = files.get(f.name)!;
        expect(f.bytes).toBe(bytes.length);
        expect(f.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      }
    // What a shop's preflight checks, per file; each image's resolution at its printed size.
    const back = manifest.locations[1] as PrintManifest['locations'][number];
    expect(
      back.files.map((f) => [f.name, f.standard, f.colorSpace, f.iccProfile, f.bleedMm, f.widthPx]),
    ).toEqual([
      ['K7PQ4MZT-back.pdf', 'PDF/X-4', 'rgb', 'sRGB IEC61966-2.1', 3, null],
      ['K7PQ4MZT-back.png', null, 'rgb', null, 0, 472],
    ]);
    expect(back.files[0]).toMatchObject({ trimMm: { width: 120, height: 160 }, dpi: 100 });
    // 30 px over 40 mm: 19 dpi.
    const warning = 'uploaded asset 7 prints at 19 dpi, below the minimum of 150 dpi';
    expect(back.images).toEqual([
      {
        uploadedAssetId: 7,
        widthPx: 30,
        heightPx: 30,
        widthMm: 40,
        heightMm: 40,
        effectiveDpi: 19,
        warnings: [warning],
      },
    ]);
    expect(back.warnings).toEqual([warning]);
    expect(manifest.locations[0]).toMatchObject({ images: [], warnings: [] });
    expect(files.get('K7PQ4MZT-front.pdf')!.subarray(0, 8).toString()).toBe('%PDF-1.6');
    expect(await sharp(files.get('K7PQ4MZT-back.png')).metadata()).toMatchObject({
      width: 472,
      height: 630,
      density: 100,
    });
  });

  it('gives the same bytes for the same inputs', async () => {
    const [a, b] = [
      await generatePrintFiles(INPUT, sources, DEFAULTS),
      await generatePrintFiles(INPUT, sources, DEFAULTS),
    ];
    expect(a.zip.equals(b.zip)).toBe(true);
  });

  it('makes each location as its settings say: names by the template, CMYK and bleed by override', async () => {
    const set = await generatePrintFiles(INPUT, sources, {
      client: {
        ...DEFAULT_PRINT_SETTINGS,
        minimumDpi: 10,
        fileNameTemplate:
          '{purchaseOrderNumber}_{sku}x{quantity}-{readableId}-v{designVersion}-{location}',
      },
      locations: {
        back: {
          iccProfile: 'GRACoL2006',
          bleedMm: 0,
          fileNameTemplate: '{productHandle}-{location}',
        },
      },
    });
    const files = await unzip(set.zip);
    expect([...files.keys()]).toEqual([
      'PO-1001_TEE-BLK-Mx2-K7PQ4MZT-v3-front.pdf',
      'PO-1001_TEE-BLK-Mx2-K7PQ4MZT-v3-front.png',
      'tee-back.pdf',
      'tee-back.png',
      'manifest.json',
    ]);
    const [front, back] = set.manifest.locations;
    expect(front.settings).toMatchObject({ colorSpace: 'rgb', iccProfile: 'sRGB', bleedMm: 3 });
    expect(back.settings).toMatchObject({
      colorSpace: 'cmyk',
      iccProfile: 'GRACoL2006',
      bleedMm: 0,
      minimumDpi: 10,
    });
    expect(back.files[0]).toMatchObject({
      standard: 'PDF/X-4',
      colorSpace: 'cmyk',
      iccProfile: 'CGATS TR 006',
      bleedMm: 0,
    });
    // 19 dpi is above this client's minimum of 10: no warning.
    expect(back.warnings).toEqual([]);
    expect(await pdfX4Problems(files.get('tee-back.pdf')!, 4)).toEqual([]);
    expect(await pdfX4Problems(files.get('PO-1001_TEE-BLK-Mx2-K7PQ4MZT-v3-front.pdf')!, 3)).toEqual(
      [],
    );
  });

  it('fills file names with safe values: unsafe characters replaced, a proof named as one', () => {
    const input = {
      ...INPUT,
      order: {
        number: 'PO/2026:7',
        lines: [
          { sku: 'A', quantity: 2 },
          { sku: 'B', quantity: 3 },
          { sku: 'A', quantity: 1 },
        ],
      },
    };
    expect(fileName('{purchaseOrderNumber}-{sku}-{quantity}-{location}', input, 'front')).toBe(
      'PO_2026_7-A+B-6-front',
    );
    expect(
      fileName(
        '{purchaseOrderNumber}-{sku}-{quantity}-{uuid}-{location}',
        { ...INPUT, order: undefined },
        'back',
      ),
    ).toBe(`proof-none-0-${INPUT.recipeSet.id}-back`);
  });

  it('names files inside the file name rule from any template the settings accept', () => {
    // 120 characters with spaces: filled, its name outgrows 128 characters with the extension.
    const template = `Order {purchaseOrderNumber} {uuid} {uuid} {location} ${'x'.repeat(67)}`;
    expect(template).toHaveLength(120);
    expect(fileNameTemplateProblems(template)).toEqual([]);
    const name = fileName(template, { ...INPUT, order: undefined }, 'front');
    expect(name).toHaveLength(124);
    expect(name.startsWith(`Order proof ${INPUT.recipeSet.id} `)).toBe(true);
    expect(isSafeFileName(`${name}.pdf`)).toBe(true);
  });
});
