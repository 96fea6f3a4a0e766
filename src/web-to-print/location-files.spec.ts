import { writeFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import type { ProductLocation } from '../catalog';
import { FontsService } from '../fonts';
import { pixel } from '../../test/support/images';
import { pdfX4Problems } from '../../test/support/pdfx-preflight';
import { cmykColours, deflatedPlanes } from '../common/images/pdf-colours';
import { outputCondition } from '../common/pdf/output-conditions';
import { PdfDocumentBuilder } from '../common/pdf/pdf-document';
import type { LocationDesign } from '../recipe-sets';
import { printPdf, printPixels, printPng } from './location-files';

const BLEED_MM = 3;
const RGB_X4 = { pdfStandard: 'PDF/X-4', iccProfile: 'sRGB', bleedMm: BLEED_MM } as const;

const PT_PER_MM = 72 / 25.4;
const LOCATION: ProductLocation = {
  handle: 'front',
  name: 'Front',
  printArea: { widthMm: 100, heightMm: 50 },
  dpi: 150,
  embellishment: 'print',
};
const DESIGN: LocationDesign = {
  elements: [
    {
      type: 'text',
      text: 'Team Rocket',
      font: 'roboto-bold',
      size: 24,
      colour: '#d62828',
      x: 50,
      y: 20,
      rotation: 0,
      align: 'center',
    },
    { type: 'image', uploadedAssetId: 1, x: 10, y: 30, width: 15, height: 15, rotation: 0 },
  ],
};

describe('print files of a location', () => {
  const fonts = new FontsService();
  const sources = {
    outline: fonts.outline.bind(fonts),
    uploadedAsset: () =>
      sharp({ create: { width: 20, height: 20, channels: 3, background: '#1e88e5' } })
        .png()
        .toBuffer(),
    limitInputPixels: 10_000_000,
  };

  it('draws the PNG at the DPI, with the DPI in the file, transparent where nothing prints', async () => {
    expect(printPixels(LOCATION)).toEqual({ width: 591, height: 295 });
    const png = (await printPng(LOCATION, DESIGN, sources))!;
    if (process.env.PRINT_FILES_OUT)
      await writeFile(`${process.env.PRINT_FILES_OUT}/front.png`, png);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 591, height: 295, density: 150 });
    expect((await pixel(png, 2, 2))[3]).toBe(0);
    // The image: 10–25 mm across, 30–45 mm down.
    expect(await pixel(png, Math.round(17.5 * 5.9), Math.round(37.5 * 5.9))).toEqual([
      30, 136, 229, 255,
    ]);
    expect(await printPng(LOCATION, { elements: [] }, sources)).toBeNull();
  });

  it('makes a one-page PDF of the print area plus bleed, with TrimBox and BleedBox', async () => {
    const bytes = await printPdf(
      LOCATION,
      { ...DESIGN, background: '#ffee00' },
      sources,
      {
        title: 'K7PQ4MZT front',
      },
      RGB_X4,
    );
    if (process.env.PRINT_FILES_OUT)
      await writeFile(`${process.env.PRINT_FILES_OUT}/front.pdf`, bytes);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const page = pdf.getPage(0);
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(0.01);
    near(page.getWidth(), (100 + 2 * BLEED_MM) * PT_PER_MM);
    near(page.getHeight(), (50 + 2 * BLEED_MM) * PT_PER_MM);
    const trim = page.getTrimBox();
    near(trim.x, BLEED_MM * PT_PER_MM);
    near(trim.width, 100 * PT_PER_MM);
    near(page.getBleedBox().width, page.getWidth());
    expect(pdf.getTitle()).toBe('K7PQ4MZT front');
    // No font is embedded: text is drawn as outlines.
    expect(bytes.includes(Buffer.from('/FontFile'))).toBe(false);
    expect(bytes.includes(Buffer.from('/Image'))).toBe(true);
    // Deterministic.
    const again = await printPdf(
      LOCATION,
      { ...DESIGN, background: '#ffee00' },
      sources,
      {
        title: 'K7PQ4MZT front',
      },
      RGB_X4,
    );
    expect(again.equals(bytes)).toBe(true);
  });

  it('makes a PDF/X-4 file for sRGB that passes the preflight, with an /ID that follows the content', async () => {
    const bytes = await printPdf(LOCATION, DESIGN, sources, { title: 'K7PQ4MZT front' }, RGB_X4);
    expect(await pdfX4Problems(bytes, 3)).toEqual([]);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.6');
    const other = await printPdf(
      LOCATION,
      { ...DESIGN, background: '#000000' },
      sources,
      {
        title: 'K7PQ4MZT front',
      },
      RGB_X4,
    );
    const idOf = async (pdf: Buffer) =>
      (await PDFDocument.load(pdf)).context.trailerInfo.ID?.toString();
    expect(await idOf(other)).not.toBe(await idOf(bytes));
    // The preflight fails what is not PDF/X: a plain document, and a print file without its intent.
    const plain = await PdfDocumentBuilder.create({ title: 'plain' });
    plain.addPage(100, 100);
    expect(await pdfX4Problems(await plain.bytes(), 3)).toEqual(
      expect.arrayContaining([
        'no /OutputIntents in the catalog',
        'page 1 has no /TrimBox',
        'no XMP pdfxid:GTS_PDFXVersion PDF/X-4',
      ]),
    );
    const stripped = await PDFDocument.load(bytes);
    stripped.catalog.delete(PDFName.of('OutputIntents'));
    expect(await pdfX4Problems(Buffer.from(await stripped.save()), 3)).toContain(
      'no /OutputIntents in the catalog',
    );
    expect(await pdfX4Problems(bytes, 4)).toContain('the output profile has 3 components, not 4');
  });

  /** The decoded content of the page's streams, and its images' streams. */
  async function objectsOf(bytes: Buffer) {
    const pdf = await PDFDocument.load(bytes);
    const page = pdf.getPage(0);
    const contents = page.node.Contents();
    const streams = (contents instanceof PDFArray ? contents.asArray() : [contents]).map(
      (ref) => pdf.context.lookup(ref as never) as PDFRawStream,
    );
    const content = streams.map((s) => inflateSync(s.contents).toString('latin1')).join('\n');
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream &&
          o.dict.get(PDFName.of('Subtype'))?.toString() === '/Image' &&
          o.dict.get(PDFName.of('ColorSpace'))?.toString() !== '/DeviceGray',
      );
    return { pdf, page, content, images };
  }

  it('makes a CMYK PDF/X-4 file through the chosen profile: images, text and background in CMYK', async () => {
    const bytes = await printPdf(
      LOCATION,
      { ...DESIGN, background: '#ffee00' },
      sources,
      { title: 'K7PQ4MZT front' },
      { pdfStandard: 'PDF/X-4', iccProfile: 'FOGRA39', bleedMm: 5 },
    );
    expect(await pdfX4Problems(bytes, 4)).toEqual([]);
    const { pdf, page, content, images } = await objectsOf(bytes);
    const intent = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).toString();
    expect(intent).toBeDefined();
    expect(bytes.includes(Buffer.from('(FOGRA39)'))).toBe(true);
    // The chosen bleed: 5 mm on every side.
    expect(Math.abs(page.getWidth() - 110 * PT_PER_MM)).toBeLessThan(0.01);
    expect(Math.abs(page.getTrimBox().x - 5 * PT_PER_MM)).toBeLessThan(0.01);
    // Shapes and text are filled with CMYK colours (k), never RGB (rg), as libvips converts them.
    const fogra = outputCondition('FOGRA39').path!;
    const expected = await cmykColours(['#ffee00', '#d62828'], fogra);
    const fills = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k/g)].map((m) =>
      m.slice(1, 5).map(Number),
    );
    expect(fills).toEqual(
      expect.arrayContaining([expected.get('#ffee00'), expected.get('#d62828')]),
    );
    expect(content).not.toMatch(/ rg\b/);
    // Yellow is mostly yellow ink: little cyan, magenta and black.
    const [c, m, y, k] = expected.get('#ffee00')!;
    expect(c).toBeLessThan(0.1);
    expect(m).toBeLessThan(0.2);
    expect(y).toBeGreaterThan(0.8);
    expect(k).toBeLessThan(0.05);
    // The image: 4 components per pixel, the blue of the upload converted as the colours are.
    expect(images).toHaveLength(1);
    const image = images[0];
    const raw = inflateSync(image.contents);
    const [w, h] = ['Width', 'Height'].map((key) => Number(image.dict.get(PDFName.of(key))));
    expect(raw.length).toBe(w * h * 4);
    const [blue] = [...(await cmykColours(['#1e88e5'], fogra)).values()];
    expect([...raw.subarray(0, 4)].map((v) => v / 255)).toEqual(blue);
  });

  it('makes a plain PDF when the standard is none: no output intent, still tagged colour', async () => {
    const bytes = await printPdf(
      LOCATION,
      DESIGN,
      sources,
      { title: 'K7PQ4MZT front' },
      { pdfStandard: 'none', iccProfile: 'sRGB', bleedMm: 0 },
    );
    const { pdf, page, images } = await objectsOf(bytes);
    expect(pdf.catalog.has(PDFName.of('OutputIntents'))).toBe(false);
    expect(bytes.includes(Buffer.from('GTS_PDFXVersion'))).toBe(false);
    expect(await pdfX4Problems(bytes, 3)).toContain('no /OutputIntents in the catalog');
    // No bleed: the page is the trim.
    expect(Math.abs(page.getWidth() - 100 * PT_PER_MM)).toBeLessThan(0.01);
    expect(images[0].dict.get(PDFName.of('ColorSpace'))?.toString()).toMatch(/ICCBased/);
  });

  it('refuses to convert to CMYK without a readable profile (libvips would not convert at all)', async () => {
    const image = { data: Buffer.alloc(4 * 4, 255), width: 2, height: 2 };
    await expect(deflatedPlanes(image, '/nonexistent/profile.icc')).rejects.toThrow(
      'colour conversion gave 3 channels, not 4',
    );
    expect((await deflatedPlanes(image, outputCondition('GRACoL2006').path)).components).toBe(4);
  });
});
