/**
 * Renders the example images of docs/api/rendering.md (docs/renders/) from the demo catalog:
 *   npm run build && node dist/scripts/render-examples.js [outDir]
 * - demo-tee-north.png: the black demo T-shirt's front with "Team Rocket" in roboto-bold;
 * - demo-bottle-northeast.png: the teal demo bottle from the front right, the demo artwork on its wrap.
 * Both 400 pixels wide. Rerun after changing the renderer or the demo catalog, and commit the
 * images when they changed. Also writes the full-size renders of every demo view to `outDir`
 * (default: none) for a closer look.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// The demo catalog's drawings are not part of the catalog's public surface (only for examples).
import { demoArtwork, demoCatalog } from '../src/catalog';
import { FontsService } from '../src/fonts';
import type { Design } from '../src/recipe-sets';
import { bottleDesign, teeDesign } from './lib/example-designs';
import { renderView, resolveRenderInputs, RenderRequest } from '../src/render';

async function main(): Promise<void> {
  const outDir = process.argv[2];
  const { images, products } = await demoCatalog();
  const artwork = await demoArtwork();
  const fonts = new FontsService();
  const sources = {
    layerImage: (ref: string) => Promise.resolve(images[ref]),
    uploadedAsset: () => Promise.resolve(artwork),
    outline: fonts.outline.bind(fonts),
  };
  const product = (handle: string) => products.find((p) => p.handle === handle)!;
  const render = async (
    handle: string,
    options: Record<string, string>,
    design: Design,
    request: RenderRequest,
    width?: number,
  ) =>
    (
      await renderView(resolveRenderInputs(product(handle), options, request), design, sources, {
        width,
      })
    ).png;

  mkdirSync('docs/renders', { recursive: true });
  writeFileSync(
    'docs/renders/demo-tee-north.png',
    await render(
      'demo-tee',
      { colour: 'black', size: 'M' },
      teeDesign,
      { viewAngle: 'north' },
      400,
    ),
  );
  writeFileSync(
    'docs/renders/demo-bottle-northeast.png',
    await render('demo-bottle', { colour: 'teal' }, bottleDesign, { viewAngle: 'northeast' }, 400),
  );
  if (!outDir) return;
  mkdirSync(outDir, { recursive: true });
  const shots: [string, string, Record<string, string>, Design, RenderRequest][] = [
    ['tee-north-black', 'demo-tee', { colour: 'black' }, teeDesign, { viewAngle: 'north' }],
    ['tee-south-black', 'demo-tee', { colour: 'black' }, teeDesign, { viewAngle: 'south' }],
    [
      'tee-north-white-closeup',
      'demo-tee',
      { colour: 'white' },
      teeDesign,
      { viewAngle: 'north', camera: 'closeup' },
    ],
    [
      'bottle-north-closed',
      'demo-bottle',
      { colour: 'steel' },
      bottleDesign,
      { viewAngle: 'north' },
    ],
    [
      'bottle-north-open',
      'demo-bottle',
      { colour: 'steel' },
      bottleDesign,
      { viewAngle: 'north', states: [['lid', 'open']] },
    ],
    [
      'bottle-south-print',
      'demo-bottle',
      { colour: 'red' },
      bottleDesign,
      { viewAngle: 'south', renderStateHandle: 'print-output' },
    ],
    [
      'bottle-east-closeup',
      'demo-bottle',
      { colour: 'black' },
      bottleDesign,
      { viewAngle: 'east', camera: 'closeup' },
    ],
  ];
  for (const [name, handle, options, design, request] of shots) {
    writeFileSync(join(outDir, `${name}.png`), await render(handle, options, design, request));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
