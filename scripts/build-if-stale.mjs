// Runs `npm run build` unless dist/ is newer than every source file, so that `npm start` builds on
// a fresh clone and after a change, and otherwise starts at once. `npm install` runs it too (the
// `prepare` script), so a fresh clone is built before its first `npm start`. `npm test` runs it:
// worker threads (src/common/workers) load their task modules from dist/ even under Jest, so every
// .ts file under src/ counts, worker task modules included. Then it makes the migrated embedded
// database a new DATA_DIR starts from (dist/embedded-template) when the build is newer than it.
// What it does is said on stderr (standard output stays the server's log lines).
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const template = join(root, 'dist', 'embedded-template', 'template.json');
const inputs = [
  'src',
  'scripts',
  'bench',
  'ormconfig.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  // The console (console/): its sources, its Vite config and the API document its client is typed from.
  'console/src',
  'console/index.html',
  'console/package.json',
  'console/vite.config.ts',
  'openapi.json',
];
/** How often a long step says it is still running. */
const HEARTBEAT_MS = 10_000;

/** Made by the build itself (the console's client types, from openapi.json, an input above). */
const GENERATED = new Set([join(root, 'console', 'src', 'api', 'schema.d.ts')]);

function newest(path) {
  if (GENERATED.has(path)) return 0;
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.(ts|tsx|json|css|html)$/.test(path) ? stat.mtimeMs : 0;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

const say = (line) => process.stderr.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `command`, its output on stderr, saying every HEARTBEAT_MS that it still runs. */
function run(what, command, args) {
  const started = Date.now();
  const heartbeat = setInterval(
    () => say(`  … still ${what} (${seconds(Date.now() - started)})`),
    HEARTBEAT_MS,
  );
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 2, 2] });
    child.once('exit', (code, signal) => {
      clearInterval(heartbeat);
      resolve({ code: code ?? 1, signal, ms: Date.now() - started });
    });
  });
}

if (newest(join(root, 'src')) === 0) {
  // Not a checkout with sources (an image's dependency layer): nothing to build.
  process.exit(0);
}
const source = Math.max(...inputs.map((p) => newest(join(root, p))));
if (source > mtime(stamp)) {
  say(
    mtime(stamp) === 0
      ? 'Building dist/ (first build of this checkout: about 20 s on an idle 2-core machine, more on a busy one)…'
      : 'Building dist/ (sources changed since the last build)…',
  );
  const build = await run('building', 'npm', ['run', 'build', '--silent']);
  if (build.code !== 0) {
    say(`The build failed (${build.signal ?? `exit code ${build.code}`}): see the errors above.`);
    process.exit(build.code || 1);
  }
  say(`Built dist/ in ${seconds(build.ms)}.`);
}
if (mtime(template) < mtime(stamp)) {
  say('Making the migrated embedded database a new DATA_DIR starts from (dist/embedded-template)…');
  // A failure is reported by the script itself and only costs a first start its speed.
  await run('migrating the template', process.execPath, [
    join(root, 'dist', 'scripts', 'embedded-template.js'),
  ]);
}
