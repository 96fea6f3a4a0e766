/**
 * Makes the example print files of docs/api/print-files.md (docs/print/) from the demo catalog:
 *   npm run build && node dist/scripts/print-examples.js [directory, default docs/print] [--all]
 * - demo-bottle.zip: the print files of the teal demo bottle with the demo artwork on its wrap (a
 *   print-ready PDF/X-4 in sRGB, a 300-dpi PNG and manifest.json), as GET /api/webtoprint/{id}
 *   serves them with the default print settings;
 * - demo-bottle-cmyk.zip: the same with CMYK print settings (FOGRA39, 5 mm bleed, names by order);
 * - demo-bottle-wrap.png: the PNG scaled to 660 pixels wide, for docs/api/print-files.md;
 * - demo-bottle-specification.pdf: its placement specification sheet;
 * - with --all, every demo product's ZIPs (CI's preflight reads them: scripts/preflight-print.sh).
 * docs/api/print-files.md also shows pictures of the CMYK PDF's page and of the specification's first page,
 * rasterised outside the project (pdftoppm -r 60 -png -singlefile). Rerun after changing the print
 * files, the specification or the demo catalog, and commit what changed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { demoCatalog } from '../src/catalog';
import { renderView, resolveRenderInputs } from '../src/render';
import { specificationPdf } from '../src/web-to-print';
import { demoPrintFileSets, demoPrintInput, demoSources } from './lib/demo-print-files';

async function main(): Promise<void> {
  const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'docs/print';
  const all = process.argv.includes('--all');
  mkdirSync(dir, { recursive: true });
  const sets = await demoPrintFileSets();
  for (const { product, colorSpace, set } of sets)
    if (all || product === 'demo-bottle')
      writeFileSync(`${dir}/${product}${colorSpace === 'cmyk' ? '-cmyk' : ''}.zip`, set.zip);

  const { images, products } = await demoCatalog();
  const sources = await demoSources();
  const bottle = products.find((p) => p.handle === 'demo-bottle')!;
  const input = await demoPrintInput('demo-bottle');
  const files = sets.find((s) => s.product === 'demo-bottle' && s.colorSpace === 'rgb')!.set;
  const render = await renderView(
    resolveRenderInputs(bottle, input.recipeSet.options, { viewAngle: 'northeast' }),
    input.recipeSet.design,
    { ...sources, layerImage: (ref: string) => Promise.resolve(images[ref]) },
    { width: 500 },
  );
  const preview = await sharp(files.locations[0].png.bytes).resize({ width: 660 }).png().toBuffer();
  const spec = await specificationPdf({
    ...input,
    webToPrintUrl: 'http://localhost:3000/api/webtoprint/DEMO2345',
    renders: new Map([['wrap', render.png]]),
    prints: new Map([['wrap', preview]]),
    resolutions: new Map([['wrap', files.manifest.locations[0].images]]),
    outline: sources.outline,
  });
  writeFileSync(`${dir}/demo-bottle-wrap.png`, preview);
  writeFileSync(`${dir}/demo-bottle-specification.pdf`, spec);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
