// After `nest build`: dist/pci.cjs, the partner commands (`pci listen`, `pci trigger`) as one
// file that `node` runs with nothing installed, which the API serves at /downloads/pci.cjs. It
// bundles dist/src/pci-partner.js and the compiled modules it requires, each wrapped in a function
// as Node wraps a CommonJS module; a require of anything but those modules and Node's own fails
// the build, so the file never needs a package.
import { readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const entry = 'src/pci-partner.js';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const REQUIRE = /\brequire\("([^"]+)"\)/g;

const modules = new Map();
function add(id) {
  if (modules.has(id)) return;
  const source = readFileSync(join(dist, id), 'utf8').replace(/^#!.*\n/, '');
  modules.set(id, source);
  for (const [, spec] of source.matchAll(REQUIRE)) {
    if (spec.startsWith('.')) add(resolveId(id, spec));
    else if (!spec.startsWith('node:') && !builtinModules.includes(spec))
      throw new Error(
        `${id} requires ${spec}: the partner CLI may require only Node's own modules`,
      );
  }
}
function resolveId(from, spec) {
  const id = posix.normalize(posix.join(posix.dirname(from), spec));
  return id.endsWith('.js') ? id : `${id}.js`;
}
add(entry);

const wrapped = [...modules].map(
  ([id, source]) =>
    `${JSON.stringify(id)}: function (module, exports, require) {\n${source.replace(/\n\/\/# sourceMappingURL=.*$/m, '')}\n}`,
);
const bundle = `#!/usr/bin/env node
// pci ${version}: the partner commands of the Product Customizer Integration API (pci listen,
// pci trigger), in one file with no dependencies. Run it with Node.js 20.19 or later:
//   node pci.cjs listen --help
'use strict';
const modules = {
${wrapped.join(',\n')}
};
const loaded = {};
function load(id) {
  if (loaded[id]) return loaded[id].exports;
  const module = (loaded[id] = { exports: {} });
  const dir = id.slice(0, id.lastIndexOf('/') + 1);
  const local = (spec) => {
    if (!spec.startsWith('.')) return require(spec);
    const parts = [];
    for (const part of (dir + spec).split('/'))
      if (part === '..') parts.pop();
      else if (part !== '.' && part !== '') parts.push(part);
    const target = parts.join('/');
    return load(target.endsWith('.js') ? target : target + '.js');
  };
  modules[id].call(module.exports, module, module.exports, local);
  return module.exports;
}
load(${JSON.stringify(entry)});
`;
const out = join(dist, 'pci.cjs');
writeFileSync(out, bundle, { mode: 0o755 });
console.log(
  `partner CLI: ${relative(root, out)} (${modules.size} modules, ${Math.round(bundle.length / 1024)} KiB)`,
);
