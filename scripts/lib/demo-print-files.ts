/**
 * The print files of the demo products with the documentation's example designs, with RGB (default) and
 * CMYK print settings: what docs/print/ shows and what CI's preflight reads (print-examples.ts,
 * demo-print-preflight.spec.ts).
 */
import {
  DEFAULT_PRINT_SETTINGS,
  demoArtwork,
  demoCatalog,
  PrintSettingsSnapshot,
  ProductDefinition,
} from '../../src/catalog';
import { FontsService } from '../../src/fonts';
import type { Design } from '../../src/recipe-sets';
import { generatePrintFiles, PrintFileSet, PrintFilesInput } from '../../src/web-to-print';
import { bottleDesign, teeDesign } from './example-designs';

export const RGB_SETTINGS: PrintSettingsSnapshot = {
  client: DEFAULT_PRINT_SETTINGS,
  locations: {},
};
export const CMYK_SETTINGS: PrintSettingsSnapshot = {
  client: {
    ...DEFAULT_PRINT_SETTINGS,
    colorSpace: 'cmyk',
    iccProfile: 'FOGRA39',
    bleedMm: 5,
    fileNameTemplate: '{purchaseOrderNumber}-{readableId}-{location}',
  },
  locations: {},
};

const DESIGNS: Record<string, { design: Design; options: Record<string, string> }> = {
  'demo-bottle': { design: bottleDesign, options: { colour: 'teal' } },
  'demo-tee': { design: teeDesign, options: { colour: 'black' } },
};

/** One demo product's print-file input (its example design, an example order). */
export async function demoPrintInput(handle: string): Promise<PrintFilesInput> {
  const { products } = await demoCatalog();
  const product = products.find((p) => p.handle === handle)!;
  return {
    recipeSet: {
      id: '00000000-0000-4000-8000-000000000001',
      readableId: 'DEMO2345',
      version: 1,
      options: DESIGNS[handle].options,
      design: DESIGNS[handle].design,
    },
    // The demo catalog names its layer images; the print files need only the locations.
    product: { handle, definition: product as unknown as ProductDefinition },
    order: { number: 'PO-EXAMPLE-1', lines: [{ sku: `${handle.toUpperCase()}-1`, quantity: 12 }] },
  };
}

/** The sources the example designs need: the bundled fonts and the demo artwork for any upload. */
export async function demoSources() {
  const artwork = await demoArtwork();
  const fonts = new FontsService();
  return {
    outline: fonts.outline.bind(fonts),
    uploadedAsset: () => Promise.resolve(artwork),
    limitInputPixels: 64_000_000,
  };
}

/** Every demo product's print files, with the RGB and with the CMYK settings. */
export async function demoPrintFileSets(): Promise<
  { product: string; colorSpace: 'rgb' | 'cmyk'; set: PrintFileSet }[]
> {
  const sources = await demoSources();
  const out: { product: string; colorSpace: 'rgb' | 'cmyk'; set: PrintFileSet }[] = [];
  for (const handle of Object.keys(DESIGNS)) {
    const input = await demoPrintInput(handle);
    out.push({
      product: handle,
      colorSpace: 'rgb',
      set: await generatePrintFiles(input, sources, RGB_SETTINGS),
    });
    out.push({
      product: handle,
      colorSpace: 'cmyk',
      set: await generatePrintFiles(input, sources, CMYK_SETTINGS),
    });
  }
  return out;
}
