/**
 * wrk (https://github.com/wg/wrk), the load generator: installed with apt-get when missing, run
 * with bench/wrk/scenario.lua, which builds the requests, counts every non-2xx answer as an error
 * and reports one JSON line that is read here.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, assertAlive } from './app-process';
import { onCleanup } from './cleanup';
import { UsageError } from './errors';
import { log } from './log';
import { WRK_SCRIPT } from './paths';

/** In request bodies, replaced by a number unique within the benchmark (see scenario.lua). */
export const UNIQUE = '{{n}}';

const INSTALL =
  'command -v wrk >/dev/null || (apt-get update -qq && ' +
  'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk)';
const RESULT_MARKER = 'BENCH-WRK-RESULT ';
/** Slower answers count as timeout errors (wrk keeps a latency histogram up to this bound). */
const TIMEOUT_S = 30;
/** wrk threads: one event loop drives many connections, and the app needs the other cores. */
const MAX_THREADS = 2;

export interface WrkLoad {
  method: 'GET' | 'POST';
  /** Path (and query) on the app. */
  path: string;
  /** Paths (and queries) to pick from at random per request, instead of `path`. */
  paths?: readonly string[];
  /** Request bodies (JSON, one line each): each request takes one at random; UNIQUE replaced. */
  bodies?: readonly string[];
  /** Send a JSON array of `batch` bodies (each picked and made unique separately) per request. */
  batch?: number;
  connections: number;
  durationS: number;
  /** The status every answer should have (default: any 2xx); others count as errors. */
  expectStatus?: number;
  /** Request headers besides the token (e.g. Accept-Encoding). */
  headers?: Record<string, string>;
}

export interface WrkResult {
  /** Completed responses (any status). */
  requests: number;
  durationS: number;
  /** Bytes read, headers included. */
  bytes: number;
  /** Answers other than 2xx, or than `expectStatus` (counted by scenario.lua). */
  non2xx: number;
  /** wrk's own counts: socket errors, answers ≥ 400 (`status`), answers over the timeout. */
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  /** Status and start of the body of the first non-2xx answer. */
  firstError?: string;
}

/** Non-2xx answers, socket errors and answers slower than the timeout. */
export const errorCount = (r: WrkResult): number =>
  r.non2xx + r.errors.connect + r.errors.read + r.errors.write + r.errors.timeout;

/** Requests sent: completed ones and those that failed on the socket. */
export const attempted = (r: WrkResult): number =>
  r.requests + r.errors.connect + r.errors.read + r.errors.write;

/** Completed 2xx answers within the timeout. */
export const succeeded = (r: WrkResult): number =>
  Math.max(0, r.requests - r.non2xx - r.errors.timeout);

function sh(command: string, inherit: boolean): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      stdio: ['ignore', inherit ? process.stderr : 'pipe', inherit ? process.stderr : 'pipe'],
    });
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

/**
 * Makes sure wrk is on the PATH, installing Debian's package (apt-get, as root) if it is not;
 * fails with a clear message otherwise. Returns wrk's version line.
 */
export async function ensureWrk(): Promise<string> {
  if ((await sh('command -v wrk', false)).code !== 0) {
    log('wrk is not installed: installing it with apt-get…');
    const installed = await sh(INSTALL, true);
    if (installed.code !== 0 || (await sh('command -v wrk', false)).code !== 0) {
      throw new UsageError(
        'wrk is not installed and apt-get could not install it (it needs root and a Debian or ' +
          'Ubuntu package source). Install wrk 4 (https://github.com/wg/wrk) and run again.',
      );
    }
  }
  // `wrk -v` prints its version, then the usage, and exits with 1.
  const version = (await sh('wrk -v 2>&1', false)).stdout.split('\n')[0];
  const match = /^wrk (\S+)/.exec(version);
  log(`load generator: ${match ? `wrk ${match[1]}` : version}`);
  return match ? `wrk ${match[1]}` : 'wrk (unknown version)';
}

let runs = 0;
let running: ChildProcess | undefined;
let bodiesDir: string | undefined;

/** Once: a clean-up that stops a wrk still running (Ctrl-C, a failure) and removes the bodies. */
function registerCleanup(): void {
  if (runs > 0) return;
  onCleanup('wrk', () => {
    running?.kill('SIGKILL');
    if (bodiesDir !== undefined) rmSync(bodiesDir, { recursive: true, force: true });
  });
}

/** Writes `lines` (request bodies or paths) to a temporary file for scenario.lua. */
function linesFile(kind: string, lines: readonly string[]): string {
  bodiesDir ??= mkdtempSync(path.join(os.tmpdir(), 'pci-bench-wrk-'));
  if (lines.some((b) => b.includes('\n'))) throw new Error(`${kind} must be one line each`);
  const file = path.join(bodiesDir, `${kind}-${runs}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/**
 * Runs wrk against `app` with `load` for `load.durationS` seconds and returns its figures. wrk's
 * latency percentiles include its own correction for coordinated omission (an answer slower than
 * twice the mean interval between requests of a connection adds the samples that connection
 * missed meanwhile). Throws if wrk reports nothing or the app died meanwhile.
 */
export async function runWrk(app: App, token: string, load: WrkLoad): Promise<WrkResult> {
  registerCleanup();
  runs++;
  // wrk gives each thread connections / threads connections: use a divisor.
  let threads = Math.min(MAX_THREADS, load.connections);
  while (load.connections % threads !== 0) threads--;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_WRK_TOKEN: token,
    BENCH_WRK_METHOD: load.method,
    BENCH_WRK_BODIES: load.bodies ? linesFile('bodies', load.bodies) : '',
    BENCH_WRK_PATHS: load.paths ? linesFile('paths', load.paths) : '',
    BENCH_WRK_BATCH: String(load.batch ?? 0),
    BENCH_WRK_UNIQUE_PREFIX: `${runs}.`,
    BENCH_WRK_EXPECT: load.expectStatus === undefined ? '' : String(load.expectStatus),
  };
  const args = [
    ...['-t', String(threads), '-c', String(load.connections), '-d', `${load.durationS}s`],
    ...Object.entries(load.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...['--timeout', `${TIMEOUT_S}s`, '-s', WRK_SCRIPT, `${app.baseUrl}${load.path}`],
  ];
  const { code, stdout, stderr } = await new Promise<{
    code: number | string;
    stdout: string;
    stderr: string;
  }>((resolve) => {
    running = execFile(
      'wrk',
      args,
      { env, maxBuffer: 16 * 1024 * 1024, timeout: (load.durationS + TIMEOUT_S + 60) * 1000 },
      (err, out, errOut) =>
        resolve({
          code: err ? ((err.code as number | string | undefined) ?? err.message) : 0,
          stdout: out,
          stderr: errOut,
        }),
    );
  });
  running = undefined;
  assertAlive(app);
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
  if (line === undefined) {
    throw new Error(
      `wrk ${args.join(' ')} gave no result (exit ${code}):\n${stderr.trim()}\n${stdout.trim()}`,
    );
  }
  const raw = JSON.parse(line.slice(RESULT_MARKER.length)) as {
    requests: number;
    durationUs: number;
    bytes: number;
    non2xx: number;
    errors: WrkResult['errors'];
    latencyUs: { p50: number; p95: number; p99: number; mean: number; max: number };
    firstError: string | null;
  };
  const ms = (us: number): number => (raw.requests > 0 ? us / 1000 : NaN);
  return {
    requests: raw.requests,
    durationS: raw.durationUs / 1e6,
    bytes: raw.bytes,
    non2xx: raw.non2xx,
    errors: raw.errors,
    p50Ms: ms(raw.latencyUs.p50),
    p95Ms: ms(raw.latencyUs.p95),
    p99Ms: ms(raw.latencyUs.p99),
    meanMs: ms(raw.latencyUs.mean),
    maxMs: ms(raw.latencyUs.max),
    firstError: raw.firstError ?? undefined,
  };
}
