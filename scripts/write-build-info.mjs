// After `nest build`: dist/build-info.json (the version and commit the build_info metric shows)
// and dist/.build-stamp (what build-if-stale.mjs compares with the sources). The commit is git's
// when the checkout has one, else BUILD_COMMIT (the container build passes it), else "unknown".
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let commit = process.env.BUILD_COMMIT || 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
} catch {
  // No git, or not a checkout (a container build): BUILD_COMMIT or "unknown".
}
writeFileSync(join(root, 'dist', 'build-info.json'), `${JSON.stringify({ version, commit })}\n`);
// The `pci` bin (package.json): runnable directly too, as `./dist/src/cli.js`.
chmodSync(join(root, 'dist', 'src', 'cli.js'), 0o755);
writeFileSync(join(root, 'dist', '.build-stamp'), '');
