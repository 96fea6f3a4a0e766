/**
 * The typed client's program run for real (check.mjs --run): compiled to JavaScript next to its
 * generated types, then run twice in a row against the same server, because a partner's program
 * runs more than once (a second run must not collide with the first: new order numbers, new
 * idempotency keys, dates relative to today).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY_WITHIN_MS = 180_000;

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Resolves when the server's start-up banner (after the demo data) is out, on either stream. */
function waitForBanner(server) {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`no start-up banner within ${READY_WITHIN_MS} ms:\n${output}`)),
      READY_WITHIN_MS,
    );
    const hear = (chunk) => {
      output += chunk.toString();
      if (/listening/.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    server.stdout.on('data', hear);
    server.stderr.on('data', hear);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) during start-up:\n${output}`));
    });
  });
}

/** The built server in embedded mode on a new data directory, and a demo Admin token. */
async function startServer(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pci-typed-client-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: url,
  };
  const server = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const banner = waitForBanner(server);
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await banner;
    const out = execFileSync(
      process.execPath,
      [join(root, 'dist', 'src', 'cli.js'), 'token', 'create', 'demo', '--role', 'Admin'],
      { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return { url, token: out.trim().split('\n').pop(), stop };
  } catch (e) {
    stop();
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
