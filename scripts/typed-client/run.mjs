/**
 * The typed client's program run for real (check.mjs --run): compiled to JavaScript next to its
 * generated types, then run twice in a row against the same server, because a partner's program
 * runs more than once (a second run must not collide with the first: new order numbers, new
 * idempotency keys, dates relative to today).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT_DIST = (root) => join(root, 'dist', 'scripts', 'lib', 'fresh-server.js');

/** The built server in embedded mode on a new data directory, and a demo Admin token. */
async function startServer(root) {
  const { startFreshServer } = await import(ROOT_DIST(root));
  const server = await startFreshServer();
  try {
    return { url: server.url, token: server.token('demo', 'Admin'), stop: server.stop };
  } catch (e) {
    server.stop();
    throw e;
  }
}

/** Compiles main.ts and partner-flow.ts to CommonJS in WORK/out and runs main twice; exit code. */
export async function runFlowTwice({ root, work }) {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      join(work, 'tsconfig.json'),
      '--noEmit',
      'false',
      '--outDir',
      join(work, 'out'),
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
    ],
    { cwd: work, stdio: 'inherit' },
  );
  const given = process.env.API_URL && process.env.TOKEN;
  const server = given
    ? { url: process.env.API_URL, token: process.env.TOKEN, stop: () => {} }
    : await startServer(root);
  try {
    for (const run of [1, 2]) {
      console.log(`typed-client run ${run} of 2 against ${server.url}`);
      execFileSync(process.execPath, [join(work, 'out', 'main.js')], {
        cwd: work,
        env: { ...process.env, API_URL: server.url, TOKEN: server.token },
        stdio: 'inherit',
      });
    }
    console.log('typed-client run: the partner flow ran twice, every answer as expected');
    return 0;
  } catch {
    console.error('typed-client run FAILED (see above)');
    return 1;
  } finally {
    server.stop();
  }
}
