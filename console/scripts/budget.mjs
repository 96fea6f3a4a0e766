// After `vite build`: the console's first load (index.html and the scripts and styles it names,
// module preloads included) must stay within its budget of JavaScript and CSS, gzip-compressed as
// served. Screens loaded later (the orders list, an order) are their own chunks and not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = join(import.meta.dirname, '..', '..', 'dist', 'console');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`  ${file}: ${(size / 1024).toFixed(1)} kB gzip`);
}
const kb = total / 1024;
console.log(`console first load: ${kb.toFixed(1)} kB of JavaScript and CSS, gzip (budget ${BUDGET_KB} kB)`);
if (files.length === 0 || kb > BUDGET_KB) {
  console.error(files.length === 0 ? 'no script in dist/console/index.html' : `over the budget of ${BUDGET_KB} kB`);
  process.exit(1);
}
