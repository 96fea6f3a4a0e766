/**
 * Proves that openapi.json makes a typed client (npm run typed-client:check): generates the
 * TypeScript types of openapi.json with openapi-typescript, as a partner would, and type-checks
 * scripts/typed-client/partner-flow.ts, a partner's program written with openapi-fetch, against
 * them (tsc --noEmit, strict). Exit 0 when it compiles, 1 when it does not (the document changed
 * in a way that breaks typed clients, or the program is out of date), 2 when the tools are missing.
 *
 * openapi-typescript and openapi-fetch resolve from the project's node_modules (devDependencies),
 * or from TYPED_CLIENT_DEPS/node_modules (a private `npm install --prefix DIR`) when it is set.
 * Works in .tmp/typed-client/ (generated types, the program, a tsconfig), which it leaves there to
 * read.
 *   node scripts/typed-client/check.mjs [DOCUMENT]   DOCUMENT: openapi.json (default) or another
 *
 * With --run (npm run typed-client:run) it also compiles the program to JavaScript and runs it
 * (scripts/typed-client/main.ts) twice in a row against the same server, as a partner would:
 * the server at API_URL with TOKEN, or else the built server (npm run build) started here in
 * embedded mode on a new data directory, with a demo Admin token made by the CLI.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HERE = join(ROOT, 'scripts', 'typed-client');
const WORK = join(ROOT, '.tmp', 'typed-client');
const DEPS = process.env.TYPED_CLIENT_DEPS ? resolve(process.env.TYPED_CLIENT_DEPS) : ROOT;
const TOOLS = ['openapi-typescript', 'openapi-fetch'];
const RUN = process.argv.includes('--run');
const DOCUMENT = resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(ROOT, 'openapi.json'),
);

const missing = TOOLS.filter((t) => !existsSync(join(DEPS, 'node_modules', t, 'package.json')));
if (missing.length > 0) {
  console.error(
    `typed-client check: ${missing.join(' and ')} not found in ${join(DEPS, 'node_modules')}. ` +
      'Install the devDependencies (npm ci), or set TYPED_CLIENT_DEPS to a directory with them ' +
      '(npm install --prefix DIR openapi-typescript openapi-fetch).',
  );
  process.exit(2);
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(join(WORK, 'node_modules'), { recursive: true });
if (DEPS !== ROOT)
  symlinkSync(
    join(DEPS, 'node_modules', 'openapi-fetch'),
    join(WORK, 'node_modules', 'openapi-fetch'),
  );

const run = (args) => execFileSync(process.execPath, args, { cwd: WORK, stdio: 'inherit' });

// The types, as the generator's documentation has partners make them (default options).
run([
  join(DEPS, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'),
  DOCUMENT,
  '--output',
  join(WORK, 'openapi.d.ts'),
]);
for (const file of ['partner-flow.ts', 'main.ts']) copyFileSync(join(HERE, file), join(WORK, file));
writeFileSync(
  join(WORK, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2023',
        // fetch, Response and Blob: in Node 18+ and browsers alike.
        lib: ['es2023', 'dom', 'dom.iterable'],
        module: 'esnext',
        moduleResolution: 'bundler',
        // main.ts runs on Node (process.env); the flow itself needs only fetch.
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        // The generated types are checked too.
        skipLibCheck: false,
        noUnusedLocals: true,
      },
      files: ['partner-flow.ts', 'main.ts'],
    },
    null,
    2,
  ),
);
try {
  run([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(WORK, 'tsconfig.json')]);
} catch {
  console.error(
    `typed-client check FAILED: ${join(HERE, 'partner-flow.ts')} does not compile against the types of ${DOCUMENT} (see above; the types are in ${join(WORK, 'openapi.d.ts')}).`,
  );
  process.exit(1);
}
console.log(`typed-client check: the partner flow compiles against the types of ${DOCUMENT}`);
if (RUN) {
  const { runFlowTwice } = await import('./run.mjs');
  process.exit(await runFlowTwice({ root: ROOT, work: WORK, deps: DEPS }));
}
