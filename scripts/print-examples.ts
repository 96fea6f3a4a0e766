/**
 * Makes the example print files of the README (docs/print/) from the demo catalog:
 *   npm run build && node dist/scripts/print-examples.js [directory, default docs/print]
 * - demo-bottle.zip: the print files of the teal demo bottle with the demo artwork on its wrap (a
 *   print-ready PDF, a 300-dpi PNG and manifest.json), as GET /api/webtoprint/{id} serves them;
 * - demo-bottle-wrap.png: that PNG scaled to 660 pixels wide, for the README;
 * - demo-bottle-specification.pdf: its placement specification sheet.
 * The README also shows the first page of the specification as docs/print/demo-bottle-specification.png,
 * rasterised outside the project (e.g. pdftoppm -r 60 -png -singlefile). Rerun after changing the print
 * files, the specification or the demo catalog, and commit what changed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { demoArtwork, demoCatalog, ProductDefinition } from '../src/catalog';
import { FontsService } from '../src/fonts';
import { renderView, resolveRenderInputs } from '../src/render';
import { generatePrintFiles } from '../src/webtoprint/print-files';
import { specificationPdf } from '../src/webtoprint/specification-pdf';
import { bottleDesign } from './lib/example-designs';

async function main(): Promise<void> {
  const { images, products } = await demoCatalog();
  const artwork = await demoArtwork();
  const fonts = new FontsService();
  const outline = fonts.outline.bind(fonts);
  const bottle = products.find((p) => p.handle === 'demo-bottle')!;
  // The demo catalog names its layer images; the print files need only the locations.
  const definition = bottle as unknown as ProductDefinition;
  const recipeSet = {
    id: '00000000-0000-4000-8000-000000000001',
    readableId: 'DEMO2345',
    version: 1,
    options: { colour: 'teal' },
    design: bottleDesign,
  };
  const order = { number: 'PO-EXAMPLE-1', lines: [{ sku: 'DEMO-BOTTLE-TEAL', quantity: 12 }] };
  const files = await generatePrintFiles(
    { recipeSet, product: { handle: bottle.handle, definition }, order },
    { outline, uploadedAsset: () => Promise.resolve(artwork), limitInputPixels: 64_000_000 },
  );
  const render = await renderView(
    resolveRenderInputs(bottle, recipeSet.options, { viewAngle: 'northeast' }),
    bottleDesign,
    {
      layerImage: (ref: string) => Promise.resolve(images[ref]),
      uploadedAsset: () => Promise.resolve(artwork),
      outline,
    },
    { width: 500 },
  );
  const preview = await sharp(files.locations[0].png.bytes).resize({ width: 660 }).png().toBuffer();
  const spec = await specificationPdf({
    recipeSet,
    product: { handle: bottle.handle, definition },
    order,
    webToPrintUrl: 'http://localhost:3000/api/webtoprint/DEMO2345',
    renders: new Map([['wrap', render.png]]),
    prints: new Map([['wrap', preview]]),
    resolutions: new Map([['wrap', files.manifest.locations[0].images]]),
    outline,
  });
  const dir = process.argv[2] ?? 'docs/print';
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/demo-bottle.zip`, files.zip);
  writeFileSync(`${dir}/demo-bottle-wrap.png`, preview);
  writeFileSync(`${dir}/demo-bottle-specification.pdf`, spec);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
