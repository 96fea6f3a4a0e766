import {
  DEFAULT_PRINT_SETTINGS,
  locationPrintSettings,
  PrintSettings,
  PrintSettingsSnapshot,
  ProductDefinition,
  ProductLocation,
} from '../catalog';
import { outputCondition } from '../common/pdf/output-conditions';
import { PdfDocumentBuilder } from '../common/pdf/pdf-document';
import type { PdfPageCanvas } from '../common/pdf/pdf-page';
import { qrCodePath } from '../common/pdf/qr-code';
import type { TextOutline, TextOutlineRequest } from '../fonts';
import { workerPool, workerTask } from '../common/workers/worker-pool';
import { ImageResolution } from './location-files';
import { PrintFilesInput } from './print-files';
import {
  elementTable,
  mm,
  PlacedElement,
  placedElements,
  printAreaDiagram,
} from './specification-elements';

/** What the print files are made of, and what the sheet shows besides. */
export interface SpecificationInput extends PrintFilesInput {
  /** Where the print files are (`GET /api/webtoprint/{id}`): the QR code links to it. */
  webToPrintUrl: string;
  /** A PNG render of the product for each location's page, by location handle. */
  renders: ReadonlyMap<string, Buffer>;
  /** The print PNG of each location (drawn inside its print area), by location handle. */
  prints?: ReadonlyMap<string, Buffer>;
  /** Text outlines (FontsService.outline), for the size of text elements. */
  outline(request: TextOutlineRequest): Promise<TextOutline>;
  /** Each location's image resolutions at their printed sizes (imageResolutions), by handle. */
  resolutions?: ReadonlyMap<string, ImageResolution[]>;
  /** The print settings the files are made with (the defaults when absent). */
  settings?: PrintSettingsSnapshot;
}

/** A4 landscape, in points. */
const PAGE = { width: 842, height: 595 };
const MARGIN = 36;
const GREY = '#666666';
/** The order's SKU warnings (the `warn` policy): one line of at most this many characters. */
const WARNING = { hex: '#c62828', maxChars: 170 };

/** The view angle whose picture shows `location` (its first with a design layer of it), else the first. */
export function viewAngleFor(definition: ProductDefinition, location: string): string | undefined {
  const shows = definition.viewAngles.find((v) =>
    v.layers.some((l) => l.type === 'design' && l.location === location),
  );
  return (shows ?? definition.viewAngles[0])?.handle;
}

/** The print settings of a location's files (the sheet says so under each location's title). */
function settingsOf(input: Pick<SpecificationInput, 'settings'>, location: string): PrintSettings {
  return input.settings
    ? locationPrintSettings(input.settings.client, { print: input.settings.locations[location] })
    : DEFAULT_PRINT_SETTINGS;
}

/** The print settings as a line of the sheet. */
export function settingsLine(s: PrintSettings): string {
  const standard = s.pdfStandard === 'PDF/X-4' ? 'PDF/X-4' : 'PDF';
  const colour = `${s.colorSpace.toUpperCase()} (${outputCondition(s.iccProfile).identifier})`;
  return `Print files: ${standard}, ${colour}, bleed ${s.bleedMm} mm, images at ${s.minimumDpi} dpi or more`;
}

/** What the sheet is drawn from once text sizes are known: plain data, for a worker thread. */
export interface SpecificationSheet extends Omit<SpecificationInput, 'outline'> {
  /** The placed elements of each page's location, by location handle. */
  elements: Record<string, PlacedElement[]>;
}

const drawTask = workerTask<SpecificationSheet, Uint8Array>(
  'web-to-print/specification-pdf',
  'drawSpecification',
);

/** The locations that get a page: those the design draws on, else the first. */
function pageLocations(input: Omit<SpecificationInput, 'outline'>): ProductLocation[] {
  const { recipeSet, product } = input;
  const locations = product.definition.locations.filter(
    (l) =>
      (recipeSet.design[l.handle]?.elements.length ?? 0) > 0 ||
      recipeSet.design[l.handle]?.background,
  );
  return locations.length > 0 ? locations : product.definition.locations.slice(0, 1);
}

/**
 * The placement specification of a recipe set (`GET /{clientHandle}/specification/{id}/pdf/`):
 * one page per location its design draws on, with a render of the product, the print area with
 * each element's box, a table of positions, sizes, rotations, fonts and colours, the
 * embellishment, the order's SKUs and quantities, the readable id and a QR code linking to the
 * print files. Deterministic. Text sizes are measured here (fonts live in this thread); the
 * document is drawn in a worker thread (drawSpecification): images, deflating and pdf-lib's
 * serialisation cost the event loop nothing.
 */
export async function specificationPdf(input: SpecificationInput): Promise<Buffer> {
  const { outline, ...data } = input;
  const elements: Record<string, PlacedElement[]> = {};
  for (const location of pageLocations(data))
    elements[location.handle] = await placedElements(
      data.recipeSet.design[location.handle]?.elements ?? [],
      outline,
      data.resolutions?.get(location.handle) ?? [],
      settingsOf(data, location.handle).minimumDpi,
    );
  const bytes = await workerPool().run(drawTask, { ...data, elements });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Draws the sheet (a worker-pool task: buffers arrive as Uint8Arrays). */
export async function drawSpecification(input: SpecificationSheet): Promise<Uint8Array> {
  const asBuffer = (bytes: Uint8Array | undefined) =>
    bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { recipeSet, product } = input;
  const doc = await PdfDocumentBuilder.create({
    title: `Placement specification ${recipeSet.readableId}`,
    subject: `${product.definition.name}, design version ${recipeSet.version}`,
  });
  for (const location of pageLocations(input)) {
    const page = doc.addPage(PAGE.width, PAGE.height);
    const elements = input.elements[location.handle] ?? [];
    await header(page, input, location);
    const render = asBuffer(input.renders.get(location.handle));
    if (render) await page.drawPng(render, fit(render, 250, 250), { x: MARGIN, y: 120 });
    await printAreaDiagram(page, location, elements, {
      x: 306,
      y: 120,
      size: 250,
      print: asBuffer(input.prints?.get(location.handle)),
    });
    await qrBlock(page, input);
    await elementTable(page, elements, { x: MARGIN, y: 395 });
  }
  return doc.bytes();
}

async function header(
  page: PdfPageCanvas,
  input: SpecificationSheet,
  location: ProductLocation,
): Promise<void> {
  const { recipeSet, product, order } = input;
  await page.text(`Placement specification - ${recipeSet.readableId}`, {
    x: MARGIN,
    y: MARGIN,
    size: 16,
    bold: true,
  });
  const options = Object.entries(recipeSet.options)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  await page.text(
    `${product.definition.name} (${product.handle}) - design version ${recipeSet.version}${options ? ` - ${options}` : ''}`,
    { x: MARGIN, y: 58, size: 9, hex: GREY },
  );
  const items = order?.lines.map((l) => `${l.sku ?? 'no SKU'} x ${l.quantity}`).join(', ');
  await page.text(order ? `Order ${order.number}: ${items || 'no items'}` : 'No order (proof)', {
    x: MARGIN,
    y: 71,
    size: 9,
    hex: GREY,
  });
  const warning = order?.warnings?.length ? `Warning: ${order.warnings.join(' ')}` : '';
  if (warning) {
    const line =
      warning.length > WARNING.maxChars ? `${warning.slice(0, WARNING.maxChars - 3)}...` : warning;
    await page.text(line, { x: MARGIN, y: 82, size: 8, bold: true, hex: WARNING.hex });
  }
  const { widthMm, heightMm } = location.printArea;
  await page.text(
    `${location.name ?? location.handle} - print area ${mm(widthMm)} x ${mm(heightMm)} mm - ${location.dpi} dpi - ${location.embellishment}`,
    { x: MARGIN, y: 94, size: 12, bold: true },
  );
  await page.text(settingsLine(settingsOf(input, location.handle)), {
    x: MARGIN,
    y: 109,
    size: 8,
    hex: GREY,
  });
}

async function qrBlock(page: PdfPageCanvas, input: SpecificationSheet): Promise<void> {
  const { d, size } = qrCodePath(input.webToPrintUrl);
  const side = 140;
  const x = PAGE.width - MARGIN - side;
  page.fillRect({ x, y: 120, width: side, height: side }, '#ffffff');
  page.fillPath(scalePath(d, side / size), '#000000', { x, y: 120 });
  await page.text(input.recipeSet.readableId, { x, y: 270, size: 18, bold: true });
  await page.text('Print files:', { x, y: 294, size: 8, hex: GREY });
  const url = input.webToPrintUrl;
  for (let i = 0, line = 0; i < url.length && line < 4; i += 34, line++)
    await page.text(url.slice(i, i + 34), { x, y: 305 + line * 10, size: 7, hex: GREY });
}

/** SVG path data of unit squares (`M x y h1 v1 h-1 z`) scaled by `k`. */
function scalePath(d: string, k: number): string {
  return d.replace(/M(\d+) (\d+)h1v1h-1z/g, (_, x: string, y: string) => {
    const s = (v: number) => (Math.round(v * 1000) / 1000).toString();
    return `M${s(Number(x) * k)} ${s(Number(y) * k)}h${s(k)}v${s(k)}h${s(-k)}z`;
  });
}

/** `png`'s size scaled to fit inside `width` × `height` points. */
function fit(png: Buffer, width: number, height: number): { width: number; height: number } {
  // PNG IHDR: width and height at bytes 16–23.
  const w = png.readUInt32BE(16);
  const h = png.readUInt32BE(20);
  const k = Math.min(width / w, height / h);
  return { width: w * k, height: h * k };
}
