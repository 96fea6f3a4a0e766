// Runs `npm run build` unless dist/ is newer than every source file, so that `npm start` builds on
// a fresh clone and after a change, and otherwise starts at once. `npm test` runs it too: worker
// threads (src/common/workers) load their task modules from dist/ even under Jest, so every .ts
// file under src/ counts, worker task modules included.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'scripts',
  'bench',
  'ormconfig.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
];

function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.(ts|json)$/.test(path) ? stat.mtimeMs : 0;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

let built = 0;
try {
  built = statSync(stamp).mtimeMs;
} catch {
  built = 0;
}
const source = Math.max(...inputs.map((p) => newest(join(root, p))));
if (source > built) execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
