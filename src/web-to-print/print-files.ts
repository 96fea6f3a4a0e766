import {
  FileNamePlaceholder,
  locationPrintSettings,
  PrintSettings,
  PrintSettingsSnapshot,
  ProductDefinition,
} from '../catalog';
import { fitFileBase } from '../common/files/file-names';
import { outputCondition } from '../common/pdf/output-conditions';
import { WorkerPool, workerPool, workerTask } from '../common/workers/worker-pool';
import type { DesignSources } from '../render';
import type { Design } from '../recipe-sets';
import {
  ImageResolution,
  imageResolutions,
  printPdfPlan,
  printPixels,
  printPng,
} from './location-files';
import type { PackedFile, PackInput, PackOutput } from './print-files.task';
import type { PrintPdfPlan } from './print-pdf';

/** Part of every stored print file's key: bump it when the files are made differently. */
export const PRINT_FILES_VERSION = 3; // 3: print settings (CMYK, bleed, names); 2: PDF/X-4 for sRGB

export interface PrintFilesInput {
  recipeSet: {
    id: string;
    readableId: string;
    version: number;
    options: Record<string, string>;
    design: Design;
  };
  product: { handle: string; definition: ProductDefinition };
  /**
   * The order the files are for, when there is one (a proof has none), with what the `warn` SKU
   * policy accepted its lines with.
   */
  order?: {
    number: string;
    lines: { sku: string | null; quantity: number }[];
    warnings?: string[];
  };
}

export interface PrintFile {
  name: string;
  bytes: Buffer;
  sha256: string;
}

export interface PrintFileSet {
  /** Per designed location: its PDF and PNG. */
  locations: { handle: string; pdf: PrintFile; png: PrintFile }[];
  manifest: PrintManifest;
  /** The PDFs, the PNGs and `manifest.json`. */
  zip: Buffer;
}

/** One file as a print shop's preflight sees it. */
export interface ManifestFile {
  name: string;
  sha256: string;
  bytes: number;
  /** `PDF/X-4` for a PDF/X file; null for a plain PDF and the PNG. */
  standard: 'PDF/X-4' | null;
  /** The PNG is always RGB. */
  colorSpace: 'rgb' | 'cmyk';
  /** The output condition the file's colours are in (its ICC profile); null when untagged. */
  iccProfile: string | null;
  /** The trim (print area) and the bleed around it; the PNG is the trim alone. */
  trimMm: { width: number; height: number };
  bleedMm: number;
  /** The PNG's pixel size and resolution; null for the PDF (its images are at the location's DPI). */
  widthPx: number | null;
  heightPx: number | null;
  dpi: number;
}

export interface PrintManifest {
  recipeSet: { readableId: string; uuid: string; designVersion: number };
  orderNumber: string | null;
  product: { handle: string; name: string };
  options: Record<string, string>;
  items: { sku: string | null; quantity: number }[];
  /**
   * Why the order's SKUs do not fit the product or the design, when the client's `warn` SKU policy
   * accepted them (docs/design.md §6); empty when nothing is wrong.
   */
  orderWarnings: string[];
  locations: {
    handle: string;
    name: string;
    widthMm: number;
    heightMm: number;
    bleedMm: number;
    dpi: number;
    widthPx: number;
    heightPx: number;
    embellishment: string;
    /** The print settings the files were made with (the client's, with the location's overrides). */
    settings: PrintSettings;
    files: ManifestFile[];
    /** Each image element's resolution at its printed size (see imageResolutions). */
    images: ImageResolution[];
    /** Every image's warnings, together. */
    warnings: string[];
  }[];
  generator: { version: number };
}

const PRINT_TASKS = 'web-to-print/print-files.task';
/**
 * How long a print task may take, waiting for a thread included, unless WORKER_TASK_TIMEOUT_MS
 * allows longer: a PDF at the ceilings takes seconds alone, more behind a queue of renders, and
 * the job's attempt itself expires later (JOB_EXPIRE_SECONDS, 300 s by default).
 */
const PRINT_TASK_TIMEOUT_MS = 240_000;
const drawPdfTask = workerTask<PrintPdfPlan, { bytes: Uint8Array }>(PRINT_TASKS, 'drawPdf');
const packTask = workerTask<PackInput, PackOutput>(PRINT_TASKS, 'packFiles');

/** A file's entry in the manifest before it is hashed (in the worker thread, see packFiles). */
const unhashed = (name: string, bytes: Uint8Array) => ({
  name,
  sha256: '',
  bytes: bytes.byteLength,
});

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The print files of a recipe set, made with `settings`: for every location its design draws on,
 * a print-ready PDF and a PNG at the location's DPI, named by the file name template; a manifest
 * naming them with what a print shop checks (standard, colour space and profile, trim and bleed,
 * pixels and DPI, SHA-256, the settings) and each image's resolution at its printed size, with
 * warnings below the minimum DPI; and a ZIP of all. Locations the design leaves blank get no
 * files. Deterministic: the same inputs give the same bytes (no timestamps).
 *
 * Nothing heavy runs on the event loop: the PNG is drawn by libvips and the worker pool
 * (rasterizeDesign), each PDF is drawn and serialised in a worker thread from its plan (the
 * encoded images it draws, decoded there one at a time), and the hashing, the manifest and the ZIP
 * are made in a worker thread too (packFiles); what the threads make is moved back, not copied.
 */
export async function generatePrintFiles(
  input: PrintFilesInput,
  sources: DesignSources,
  settings: PrintSettingsSnapshot,
  pool: WorkerPool = workerPool(),
): Promise<PrintFileSet> {
  const { recipeSet, product } = input;
  const timeoutMs = Math.max(pool.settings.taskTimeoutMs, PRINT_TASK_TIMEOUT_MS);
  const made: { handle: string; pdf: PackedFile; png: PackedFile }[] = [];
  const manifested: PrintManifest['locations'] = [];
  const names = new Set<string>();
  for (const location of product.definition.locations) {
    const design = recipeSet.design[location.handle];
    if (!design) continue;
    const png = await printPng(location, design, sources);
    if (!png) continue;
    const resolved = locationPrintSettings(settings.client, {
      print: settings.locations[location.handle],
    });
    const base = uniqueName(fileName(resolved.fileNameTemplate, input, location.handle), names);
    const plan = await printPdfPlan(
      location,
      design,
      sources,
      { title: `${recipeSet.readableId} ${location.name ?? location.handle}` },
      resolved,
    );
    // The plan's images are copied to the thread (they may be cached here); the PDF moves back.
    const { bytes: pdf } = await pool.run(drawPdfTask, plan, { timeoutMs });
    const files = {
      pdf: { name: `${base}.pdf`, bytes: pdf },
      png: { name: `${base}.png`, bytes: png },
    };
    made.push({ handle: location.handle, ...files });
    const pixels = printPixels(location);
    const trimMm = { width: location.printArea.widthMm, height: location.printArea.heightMm };
    const images = await imageResolutions(design, sources, resolved.minimumDpi);
    manifested.push({
      handle: location.handle,
      name: location.name ?? location.handle,
      widthMm: location.printArea.widthMm,
      heightMm: location.printArea.heightMm,
      bleedMm: resolved.bleedMm,
      dpi: location.dpi,
      widthPx: pixels.width,
      heightPx: pixels.height,
      embellishment: location.embellishment,
      settings: resolved,
      files: [
        {
          ...unhashed(files.pdf.name, files.pdf.bytes),
          standard: resolved.pdfStandard === 'PDF/X-4' ? 'PDF/X-4' : null,
          colorSpace: resolved.colorSpace,
          iccProfile: outputCondition(resolved.iccProfile).identifier,
          trimMm,
          bleedMm: resolved.bleedMm,
          widthPx: null,
          heightPx: null,
          dpi: location.dpi,
        },
        {
          ...unhashed(files.png.name, files.png.bytes),
          standard: null,
          colorSpace: 'rgb',
          iccProfile: null,
          trimMm,
          bleedMm: 0,
          widthPx: pixels.width,
          heightPx: pixels.height,
          dpi: location.dpi,
        },
      ],
      images,
      warnings: images.flatMap((i) => i.warnings),
    });
  }
  const unpacked: PrintManifest = {
    recipeSet: {
      readableId: recipeSet.readableId,
      uuid: recipeSet.id,
      designVersion: recipeSet.version,
    },
    orderNumber: input.order?.number ?? null,
    product: { handle: product.handle, name: product.definition.name },
    options: recipeSet.options,
    items: input.order?.lines ?? [],
    orderWarnings: input.order?.warnings ?? [],
    locations: manifested,
    generator: { version: PRINT_FILES_VERSION },
  };
  const files = made.flatMap((l) => [l.pdf, l.png]);
  // The PDFs came from a thread and move there and back; the PNGs (libvips' memory) are copied
  // once and come back as the thread's copy.
  const packed = await pool.run(
    packTask,
    { files, manifest: unpacked },
    { transfer: made.map((l) => l.pdf.bytes.buffer), timeoutMs },
  );
  const byName = new Map(
    packed.files.map((f): [string, PrintFile] => [
      f.name,
      { name: f.name, bytes: asBuffer(f.bytes), sha256: f.sha256 },
    ]),
  );
  const locations = made.map((l) => ({
    handle: l.handle,
    pdf: byName.get(l.pdf.name)!,
    png: byName.get(l.png.name)!,
  }));
  return { locations, manifest: packed.manifest, zip: asBuffer(packed.zip) };
}

/** Characters a placeholder's value may keep in a file name; others become `_`. */
const UNSAFE_IN_NAME = /[^A-Za-z0-9._ -]/g;
/** Room a name leaves for its extension (`.pdf`, `.png`). */
const EXTENSION = 4;

/**
 * A location's file name (without extension) from the template: each placeholder replaced by its
 * value with characters unsafe in a ZIP entry replaced by `_` (several SKUs joined by `+`), then
 * brought inside the file name rule with its extension (src/common/files/file-names.ts: at most
 * 124 characters here), whatever the stored template holds.
 */
export function fileName(template: string, input: PrintFilesInput, location: string): string {
  const { recipeSet, product, order } = input;
  const safe = (value: string) => value.replace(UNSAFE_IN_NAME, '_');
  const skus = [...new Set((order?.lines ?? []).map((l) => safe(l.sku ?? 'none')))];
  const values: Record<FileNamePlaceholder, string> = {
    readableId: safe(recipeSet.readableId),
    uuid: recipeSet.id,
    location: safe(location),
    purchaseOrderNumber: safe(order?.number ?? 'proof'),
    sku: skus.length > 0 ? skus.join('+') : 'none',
    quantity: String((order?.lines ?? []).reduce((n, l) => n + l.quantity, 0)),
    designVersion: String(recipeSet.version),
    productHandle: safe(product.handle),
  };
  const named = template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as FileNamePlaceholder] : whole,
  );
  return fitFileBase(named, EXTENSION);
}

/** `name`, or `name-2`, `name-3`… when a file of the set already has it. */
function uniqueName(name: string, taken: Set<string>): string {
  let unique = name;
  for (let n = 2; taken.has(unique.toLowerCase()); n++)
    unique = `${fitFileBase(name, EXTENSION + `-${n}`.length)}-${n}`;
  taken.add(unique.toLowerCase());
  return unique;
}
