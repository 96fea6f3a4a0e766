/**
 * Draws the image-generation examples of docs/api/rendering.md (docs/imagegen/):
 *   npm run build && node dist/scripts/imagegen-examples.js [outDir]
 * Rerun after changing a generator, and commit the images when they changed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rasterizeSvg } from '../src/common/images/images';
import { FontsService } from '../src/fonts';
import { ImageDrawer } from '../src/imagegen';

const EXAMPLES: [file: string, generator: string, body: Record<string, unknown>][] = [
  ['text.png', 'text', { text: 'Team Rocket', font: 'lobster', colour: '#d62828', size: 64 }],
  ['monogram.png', 'monogram', { letters: 'JAK', frame: 'diamond', size: 256 }],
  ['pattern.png', 'pattern', { seed: 'order-42015953', size: 256 }],
];

async function main(): Promise<void> {
  const outDir = process.argv[2] ?? join(__dirname, '..', '..', 'docs', 'imagegen');
  mkdirSync(outDir, { recursive: true });
  const drawer = new ImageDrawer(new FontsService());
  for (const [file, generator, body] of EXAMPLES) {
    const { svg } = await drawer.draw(generator, body);
    writeFileSync(join(outDir, file), await rasterizeSvg(svg));
    console.log(`wrote ${join(outDir, file)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
