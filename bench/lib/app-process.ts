/** The built app as a child process: start it on a free port, wait until ready, stop it. */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../scripts/lib/ports';
import { onCleanup } from './cleanup';
import { requestOnce } from './http-client';
import { log } from './log';
import { HELLO_APP, REPO_ROOT } from './paths';
import { AppBuild } from './build';

const KEY_ID = 'bench1';

export interface App {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  output: string[];
  /** Set when the process ended; unexpected unless `stopping`. */
  exited?: string;
  stopping?: boolean;
}

/** Throws (with the app's last output) if the app is no longer running. */
export function assertAlive(app: App): void {
  if (app.exited !== undefined) {
    throw new Error(`the app exited (${app.exited}):\n${app.output.slice(-40).join('\n')}`);
  }
}

/** Starts `node <main>` in `cwd`, keeping its last 200 lines of output. */
export function startApp(
  main: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  port: number,
  nodeArgs: string[] = [],
): App {
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 200) output.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (child.pid === undefined) throw new Error('could not start the app');
  const app: App = { child, pid: child.pid, baseUrl: `http://127.0.0.1:${port}`, output };
  child.once('exit', (code, signal) => {
    app.exited = `exit code ${code}, signal ${signal}`;
    if (!app.stopping) log(`the app exited unexpectedly (${app.exited})`);
  });
  return app;
}

export async function stopApp(app: App): Promise<void> {
  const { child } = app;
  app.stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Readiness as the app reports it (GET /health/ready). */
export interface Readiness {
  status: string;
  checks: { database: string; redis: string };
}

/** Waits for GET /health/ready to answer 200; returns the time it took and the answer. */
export async function waitReady(
  app: App,
  timeoutMs: number,
): Promise<{ ms: number; readiness: Readiness }> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    assertAlive(app);
    const res = await requestOnce(app.baseUrl, { method: 'GET', path: '/health/ready' }).catch(
      () => undefined,
    );
    if (res?.status === 200) {
      return { ms: performance.now() - started, readiness: JSON.parse(res.body) as Readiness };
    }
    await sleep(200);
  }
  throw new Error(`the app was not ready within ${timeoutMs} ms:\n${app.output.join('\n')}`);
}

export interface BenchApp {
  app: App;
  /** The app's environment, for the CLI too. */
  env: NodeJS.ProcessEnv;
  /** DATA_ENCRYPTION_KEYS: one random key. */
  keySpec: string;
}

/**
 * Starts `build`'s `dist/src/main.js` on a free loopback port (production mode, warnings only, no
 * demo data, a random encryption key, a temporary DATA_DIR, then `extraEnv`) against `dbUrl`, or on its embedded
 * database in that DATA_DIR when `dbUrl` is undefined; with `redisUrl` if given. Registers its stop
 * and the removal of the directory, and waits for GET /health/ready, which must report the
 * database up and Redis up (or disabled without `redisUrl`).
 */
export async function startBenchApp(
  build: AppBuild,
  dbUrl: string | undefined,
  redisUrl: string | undefined,
  nodeArgs: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pci-bench-'));
  onCleanup('data dir', () => rmSync(dataDir, { recursive: true, force: true }));
  const keySpec = `${KEY_ID}:${randomBytes(32).toString('base64')}`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEYS: keySpec,
    DATA_DIR: dataDir,
    // As docs/production.md says to run it (and the npm scripts do).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...extraEnv,
  };
  if (dbUrl) env.DATABASE_URL = dbUrl;
  else delete env.DATABASE_URL;
  if (redisUrl) env.REDIS_URL = redisUrl;
  else delete env.REDIS_URL;
  // BENCH_APP_NODE_ARGS: extra Node.js flags for the API, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const extraArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const app = startApp(build.main, build.root, env, port, [...extraArgs, ...nodeArgs]);
  onCleanup('app', async () => {
    await stopApp(app);
    log(`stopped the app (pid ${app.pid})`);
  });
  // 180 s: on a 2-core machine shared with other work, start-up (PGlite, migrations) can take minutes.
  const { ms, readiness } = await waitReady(app, 180_000);
  const { database, redis } = readiness.checks;
  if (redis !== (redisUrl ? 'up' : 'disabled')) {
    throw new Error(`the app reports Redis ${redis}, expected ${redisUrl ? 'up' : 'disabled'}`);
  }
  log(
    `app ready on ${app.baseUrl} (pid ${app.pid}, ${build.label}) in ${Math.round(ms)} ms: ` +
      `database ${database}${dbUrl ? '' : ' (embedded)'}, Redis ${redis}`,
  );
  return { app, env, keySpec };
}

/**
 * Starts `build`'s `dist/src/worker.js` (the workers-only role, as deployed beside API processes
 * with `WORKERS=false`) with the API's environment `env` (same database, Redis, keys and DATA_DIR,
 * so that the files it makes are the API's to serve) and its probes on a free loopback port;
 * registers its stop and waits for its GET /health/ready.
 */
export async function startBenchWorker(build: AppBuild, env: NodeJS.ProcessEnv): Promise<App> {
  const port = await freePort();
  const main = path.join(path.dirname(build.main), 'worker.js');
  const worker = startApp(main, build.root, { ...env, WORKER_PORT: String(port) }, port);
  onCleanup('worker', async () => {
    await stopApp(worker);
    log(`stopped the worker (pid ${worker.pid})`);
  });
  const { ms } = await waitReady(worker, 180_000);
  log(`worker ready on ${worker.baseUrl} (pid ${worker.pid}) in ${Math.round(ms)} ms`);
  return worker;
}

/** Starts the bare NestJS app (bench/hello-app.ts) on a free loopback port; GET / answers. */
export async function startHelloApp(): Promise<App> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), NODE_ENV: 'production' };
  const app = startApp(HELLO_APP, REPO_ROOT, env, port);
  onCleanup('bare app', () => stopApp(app));
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    assertAlive(app);
    const res = await requestOnce(app.baseUrl, { method: 'GET', path: '/' }).catch(() => undefined);
    if (res?.status === 200) return app;
    await sleep(100);
  }
  throw new Error(`the bare app did not answer within 30 s:\n${app.output.join('\n')}`);
}

/** Peak and current resident set size of a process, in MiB (Linux /proc). */
export function memoryOf(pid: number): { peakMiB: number; rssMiB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string): number =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peakMiB: kib('VmHWM') / 1024, rssMiB: kib('VmRSS') / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * Resets the peak RSS (VmHWM) of a process to its current RSS (Linux 4.0+, `clear_refs` 5), so
 * that the next `memoryOf` gives the peak of what ran in between; false if not permitted.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
