import { createHash } from 'node:crypto';
import type { ProductDefinition } from '../catalog';
import { zipFiles } from '../common/files/zip';
import type { DesignSources } from '../render';
import type { Design } from '../recipesets';
import { BLEED_MM, printPdf, printPixels, printPng } from './location-files';

/** Part of every stored print file's key: bump it when the files are made differently. */
export const PRINT_FILES_VERSION = 1;

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
    files: { name: string; sha256: string; bytes: number }[];
  }[];
  generator: { version: number };
}

const file = (name: string, bytes: Buffer): PrintFile => ({
  name,
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/**
 * The print files of a recipe set: for every location its design draws on, a print-ready PDF and
 * a PNG at the location's DPI; a manifest naming them with their SHA-256; and a ZIP of all.
 * Locations the design leaves blank get no files. Deterministic: the same inputs give the same
 * bytes (no timestamps).
 */
export async function generatePrintFiles(
  input: PrintFilesInput,
  sources: DesignSources,
): Promise<PrintFileSet> {
  const { recipeSet, product } = input;
  const locations: PrintFileSet['locations'] = [];
  const described: PrintManifest['locations'] = [];
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
    described.push({
      handle: location.handle,
      name: location.name ?? location.handle,
      widthMm: location.printArea.widthMm,
      heightMm: location.printArea.heightMm,
      bleedMm: BLEED_MM,
      dpi: location.dpi,
      widthPx: pixels.width,
      heightPx: pixels.height,
      embellishment: location.embellishment,
      files: [files.pdf, files.png].map((f) => ({
        name: f.name,
        sha256: f.sha256,
        bytes: f.bytes.length,
      })),
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
    locations: described,
    generator: { version: PRINT_FILES_VERSION },
  };
  const zip = await zipFiles([
    ...locations.flatMap((l) => [l.pdf, l.png]),
    { name: 'manifest.json', bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
  ]);
  return { locations, manifest, zip };
}
