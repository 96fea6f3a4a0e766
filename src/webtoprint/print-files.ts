import { createHash } from 'node:crypto';
import type { ProductDefinition } from '../catalog';
import { zipFiles } from '../common/files/zip';
import type { DesignSources } from '../render';
import type { Design } from '../recipesets';
import { SRGB } from '../common/pdf/pdfx';
import {
  BLEED_MM,
  ImageResolution,
  imageResolutions,
  printPdf,
  printPixels,
  printPng,
} from './location-files';

/** Part of every stored print file's key: bump it when the files are made differently. */
export const PRINT_FILES_VERSION = 2; // 2: PDF/X-4 for sRGB, the manifest's file and image checks

/**
 * Images printing below this resolution get a warning in the manifest (print shops ask for 300
 * dpi and accept 150).
 */
export const MINIMUM_DPI = 150;

export interface PrintFilesInput {
  recipeSet: {
    id: string;
    readableId: string;
    version: number;
    options: Record<string, string>;
    design: Design;
  };
  product: { handle: string; definition: ProductDefinition };
  /** The order the files are for, when there is one (a proof has none). */
  order?: { number: string; lines: { sku: string | null; quantity: number }[] };
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
  /** `PDF/X-4` for the PDF; null for the PNG. */
  standard: 'PDF/X-4' | null;
  colorSpace: 'rgb';
  /** The ICC profile the file's colours are in (the PDF's output intent); null when untagged. */
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
    files: ManifestFile[];
    /** Each image element's resolution at its printed size (see imageResolutions). */
    images: ImageResolution[];
    /** Every image's warnings, together. */
    warnings: string[];
  }[];
  generator: { version: number };
}

const described = (f: PrintFile) => ({ name: f.name, sha256: f.sha256, bytes: f.bytes.length });

const file = (name: string, bytes: Buffer): PrintFile => ({
  name,
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/**
 * The print files of a recipe set: for every location its design draws on, a print-ready PDF and
 * a PNG at the location's DPI; a manifest naming them with what a print shop checks (standard,
 * colour space and profile, trim and bleed, pixels and DPI, SHA-256) and each image's resolution
 * at its printed size, with warnings below MINIMUM_DPI; and a ZIP of all.
 * Locations the design leaves blank get no files. Deterministic: the same inputs give the same
 * bytes (no timestamps).
 */
export async function generatePrintFiles(
  input: PrintFilesInput,
  sources: DesignSources,
): Promise<PrintFileSet> {
  const { recipeSet, product } = input;
  const locations: PrintFileSet['locations'] = [];
  const manifested: PrintManifest['locations'] = [];
  for (const location of product.definition.locations) {
    const design = recipeSet.design[location.handle];
    if (!design) continue;
    const png = await printPng(location, design, sources);
    if (!png) continue;
    const base = `${recipeSet.readableId}-${location.handle}`;
    const pdf = await printPdf(location, design, sources, {
      title: `${recipeSet.readableId} ${location.name ?? location.handle}`,
    });
    const files = { pdf: file(`${base}.pdf`, pdf), png: file(`${base}.png`, png) };
    locations.push({ handle: location.handle, ...files });
    const pixels = printPixels(location);
    const trimMm = { width: location.printArea.widthMm, height: location.printArea.heightMm };
    const images = await imageResolutions(design, sources, MINIMUM_DPI);
    manifested.push({
      handle: location.handle,
      name: location.name ?? location.handle,
      widthMm: location.printArea.widthMm,
      heightMm: location.printArea.heightMm,
      bleedMm: BLEED_MM,
      dpi: location.dpi,
      widthPx: pixels.width,
      heightPx: pixels.height,
      embellishment: location.embellishment,
      files: [
        {
          ...described(files.pdf),
          standard: 'PDF/X-4',
          colorSpace: 'rgb',
          iccProfile: SRGB.identifier,
          trimMm,
          bleedMm: BLEED_MM,
          widthPx: null,
          heightPx: null,
          dpi: location.dpi,
        },
        {
          ...described(files.png),
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
  const manifest: PrintManifest = {
    recipeSet: {
      readableId: recipeSet.readableId,
      uuid: recipeSet.id,
      designVersion: recipeSet.version,
    },
    orderNumber: input.order?.number ?? null,
    product: { handle: product.handle, name: product.definition.name },
    options: recipeSet.options,
    items: input.order?.lines ?? [],
    locations: manifested,
    generator: { version: PRINT_FILES_VERSION },
  };
  const zip = await zipFiles([
    ...locations.flatMap((l) => [l.pdf, l.png]),
    { name: 'manifest.json', bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
  ]);
  return { locations, manifest, zip };
}
