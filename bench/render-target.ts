/**
 * What the render suite measures against: the built app on its own throw-away database with the
 * demo catalog, a client with a User token and designed recipe sets of both demo products; and
 * the probes that are not wrk loads (single timed renders, a burst of parallel renders).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClientWithToken, runCli } from './lib/app-cli';
import { App, memoryOf, resetPeakRss, startBenchApp } from './lib/app-process';
import { AppBuild } from './lib/build';
import { createBenchDatabase } from './lib/database';
import { Reply, requestOnce, send, setApiToken } from './lib/http-client';
import { log } from './lib/log';

const CLIENT_HANDLE = 'bench';
export const RENDER_PATH = '/api/assets/generated/recipeset/readable';

/** The demo products' view angles (src/catalog/demo/demo-products.ts). */
export const DEMO_VIEWS = {
  'demo-tee': ['north', 'south'],
  'demo-bottle': ['north', 'northeast', 'east', 'south', 'west'],
} as const;
export type DemoProduct = keyof typeof DEMO_VIEWS;

export interface RenderTarget {
  app: App;
  token: string;
  dbName: string;
  pgVersion: string;
  /** Readable ids of designed recipe sets per demo product, none rendered yet. */
  recipeSets: Record<DemoProduct, string[]>;
}

/** Starts the app (no job workers: nothing here sends jobs) with `perProduct` designs of each. */
export async function prepareRenderTarget(
  build: AppBuild,
  adminUrl: string,
  redisUrl: string | undefined,
  runId: string,
  perProduct: Record<DemoProduct, number>,
): Promise<RenderTarget> {
  const { dbName, dbUrl, pgVersion } = await createBenchDatabase(adminUrl, runId);
  const { app, env } = await startBenchApp(build, dbUrl, redisUrl, [], { WORKERS: 'false' });
  const issued = await createClientWithToken(env, CLIENT_HANDLE, build);
  const recipeSets = {} as Record<DemoProduct, string[]>;
  for (const product of Object.keys(DEMO_VIEWS) as DemoProduct[]) {
    const args = ['recipe-set', 'create', CLIENT_HANDLE, '--product', product];
    const created = JSON.parse(
      await runCli([...args, '--count', String(perProduct[product])], env, build),
    ) as { readableId: string }[];
    recipeSets[product] = created.map((r) => r.readableId);
  }
  setApiToken(issued.token);
  log(
    `client ${CLIENT_HANDLE}: ${recipeSets['demo-tee'].length} designed tees, ` +
      `${recipeSets['demo-bottle'].length} designed bottles`,
  );
  return { app, token: issued.token, dbName, pgVersion, recipeSets };
}

/** The render route of a recipe set's view, with an optional query. */
export const renderPath = (readableId: string, view: string, query = ''): string =>
  `${RENDER_PATH}/${readableId}/${view}${query ? `?${query}` : ''}`;

/** Asks for a render and checks the answer: 302 to the stored render (or bytes with a query). */
export async function expectRender(app: App, path: string, status = 302): Promise<Reply> {
  const reply = await requestOnce(app.baseUrl, { method: 'GET', path });
  if (reply.status !== status)
    throw new Error(
      `GET ${path}: ${reply.status} (expected ${status}) ${reply.body.slice(0, 300)}`,
    );
  return reply;
}

/** The bytes of a stored render: follows the 302 to /cdn on the app itself. */
export async function storedRender(app: App, path: string): Promise<Buffer> {
  const location = (await expectRender(app, path)).headers.location ?? '';
  const cdnPath = new URL(location, app.baseUrl);
  const agent = new http.Agent({ keepAlive: false });
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      http
        .get(new URL(cdnPath.pathname, app.baseUrl), { agent }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(Buffer.concat(parts))
              : reject(new Error(`GET ${cdnPath.pathname}: ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  } finally {
    agent.destroy();
  }
}

/** Milliseconds of each of `count` renders made afresh (useCache=false), one after another. */
export async function coldRenderTimes(app: App, path: string, count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await expectRender(app, `${path}?useCache=false`);
    ms.push(performance.now() - started);
  }
  return ms;
}

export interface Burst {
  renders: number;
  /** Answers by status. */
  statuses: Record<number, number>;
  /** From the first request to the last answer. */
  wallMs: number;
  /** Latencies of the renders. */
  renderMs: number[];
  /** GET /health/live latencies, one after another while the renders ran. */
  liveMs: number[];
  peakMiB?: number;
  rssBeforeMiB?: number;
}

/**
 * `paths` (renders never made before) requested all at once, each on its own connection, while
 * GET /health/live is asked one request after another; with the app's peak RSS meanwhile.
 */
export async function renderBurst(app: App, paths: string[]): Promise<Burst> {
  resetPeakRss(app.pid);
  const rssBeforeMiB = memoryOf(app.pid)?.rssMiB;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const liveAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const statuses: Record<number, number> = {};
  const renderMs: number[] = [];
  const liveMs: number[] = [];
  let done = false;
  const started = performance.now();
  try {
    const renders = Promise.all(
      paths.map(async (path) => {
        const t = performance.now();
        const reply = await send(agent, app.baseUrl, { method: 'GET', path });
        renderMs.push(performance.now() - t);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      }),
    ).finally(() => (done = true));
    while (!done) {
      const t = performance.now();
      const live = await send(liveAgent, app.baseUrl, { method: 'GET', path: '/health/live' });
      if (live.status !== 200) throw new Error(`GET /health/live answered ${live.status}`);
      liveMs.push(performance.now() - t);
      await sleep(10);
    }
    await renders;
  } finally {
    agent.destroy();
    liveAgent.destroy();
  }
  return {
    renders: paths.length,
    statuses,
    wallMs: performance.now() - started,
    renderMs,
    liveMs,
    peakMiB: memoryOf(app.pid)?.peakMiB,
    rssBeforeMiB,
  };
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
