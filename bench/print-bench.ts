/**
 * The print suite of `npm run bench` (bench/README.md, "Print files"): acknowledgement → ZIP
 * ready at idle, per demo product (p50/p99); then a stream of acknowledgements (wrk) against an
 * app whose workers make the print files meanwhile, and against one without workers: the
 * acknowledgements' p99 in each, and with workers the jobs finished per minute and the queue lag.
 *
 * Between the two, the files-ready row: `GET /api/webtoprint/{id}` of recipe sets whose files are
 * made answers 303 to the ZIP, measured with wrk as a ratio to the bare NestJS app in the same
 * repetition (issue 30).
 *
 *   npm run bench -- print [--idle 10 --stream 30 --connections 8 --duration 10 --repeat 3] [--cmyk]
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClientWithToken, runCli } from './lib/app-cli';
import { App, memoryOf, resetPeakRss, startBenchApp, startHelloApp } from './lib/app-process';
import { AppBuild, currentBuild } from './lib/build';
import { createBenchDatabase } from './lib/database';
import { requestOnce, setApiToken } from './lib/http-client';
import { log } from './lib/log';
import { measureRow } from './lib/measure';
import { newMeasured, table } from './lib/summary';
import { benchAdminUrl, parseIntOptions } from './lib/options';
import { benchRedis } from './lib/redis';
import { describeMachine, fmt, publishResults, stamp } from './lib/report';
import { ensureWrk, errorCount, runWrk, WrkResult } from './lib/wrk';
import { acknowledgement, acknowledgementBodies } from './orders-requests';
import { DEMO_VIEWS, DemoProduct, percentile } from './render-target';
import { jobFigures, JobFigures } from './print-jobs';

/** Designed demo tees the stream acknowledges orders of. */
const STREAM_RECIPE_SETS = 500;

interface Options {
  idle: number;
  streamS: number;
  connections: number;
  /** The files-ready row: seconds per repetition, warm-up, repetitions, connections. */
  durationS: number;
  warmupS: number;
  repeat: number;
  readyConnections: number;
  adminUrl: string;
  /** The client's print settings ask for CMYK (FOGRA39) rather than the default sRGB. */
  cmyk: boolean;
}

const USAGE = `Usage: npm run bench -- print [options]
  --idle <n>         acknowledgements at idle per demo product, one after another (default 10)
  --stream <s>       seconds of the acknowledgement stream, with and without workers (default 30)
  --connections <n>  connections of the stream (default 8)
  --duration <s>     seconds of the files-ready row (303 to the ZIP) per repetition (default 10)
  --warmup <s>       untimed load before it (default 2)
  --repeat <n>       its repetitions, each beside the bare app's (default 3)
  --ready-connections <n>  its connections, and the bare app's (default 32)
  --cmyk             the client's print settings ask for CMYK files (FOGRA39) instead of sRGB
Environment: BENCH_DATABASE_URL, BENCH_REDIS_URL (as for the orders suite).`;

function parseOptions(argv: string[]): Options {
  const o = parseIntOptions(
    argv.filter((a) => a !== '--cmyk'),
    USAGE,
    {
      idle: { fallback: 10, min: 1 },
      stream: { fallback: 30, min: 1 },
      connections: { fallback: 8, min: 1 },
      duration: { fallback: 10, min: 1 },
      warmup: { fallback: 2, min: 0 },
      repeat: { fallback: 3, min: 1 },
      'ready-connections': { fallback: 32, min: 1 },
    },
  );
  return {
    idle: o.idle,
    streamS: o.stream,
    connections: o.connections,
    durationS: o.duration,
    warmupS: o.warmup,
    repeat: o.repeat,
    readyConnections: o['ready-connections'],
    adminUrl: benchAdminUrl(),
    cmyk: argv.includes('--cmyk'),
  };
}

interface PrintTarget {
  app: App;
  token: string;
  dbUrl: string;
  pgVersion: string;
  recipeSets: Record<DemoProduct, string[]>;
}

/** The app on a database of its own, workers on or off, with designed recipe sets. */
async function prepare(
  build: AppBuild,
  opts: Options,
  redisUrl: string | undefined,
  runId: string,
  workers: boolean,
  perProduct: number,
): Promise<PrintTarget> {
  const { dbUrl, pgVersion } = await createBenchDatabase(opts.adminUrl, runId);
  const { app, env } = await startBenchApp(build, dbUrl, redisUrl, [], {
    WORKERS: String(workers),
  });
  // An Admin token when the client's print settings are to be written.
  const issued = await createClientWithToken(env, 'bench', build, opts.cmyk ? 'Admin' : 'User');
  if (opts.cmyk) {
    setApiToken(issued.token);
    const put = await requestOnce(app.baseUrl, {
      method: 'PUT',
      path: '/api/catalog/bench/print-settings',
      body: JSON.stringify({ colorSpace: 'cmyk', iccProfile: 'FOGRA39' }),
    });
    if (put.status !== 200) throw new Error(`print settings: ${put.status} ${put.body}`);
  }
  const recipeSets = {} as Record<DemoProduct, string[]>;
  for (const product of Object.keys(DEMO_VIEWS) as DemoProduct[]) {
    const args = ['recipe-set', 'create', 'bench', '--product', product];
    recipeSets[product] = (
      JSON.parse(await runCli([...args, '--count', String(perProduct)], env, build)) as {
        readableId: string;
      }[]
    ).map((r) => r.readableId);
  }
  return { app, token: issued.token, dbUrl, pgVersion, recipeSets };
}

/** Acknowledges one order of `recipeSet`, then asks for its files until they are ready. */
async function ackToZip(app: App, recipeSet: string, po: string): Promise<number> {
  const body = JSON.stringify(acknowledgement(`ACK-${po}`, recipeSet, 0));
  const started = performance.now();
  const ack = await requestOnce(app.baseUrl, {
    method: 'POST',
    path: '/api/order/acknowledgement',
    body,
  });
  if (ack.status !== 200) throw new Error(`acknowledgement: ${ack.status} ${ack.body}`);
  for (;;) {
    const files = await requestOnce(app.baseUrl, {
      method: 'GET',
      path: `/api/webtoprint/${recipeSet}`,
      accept: 'text/plain',
    });
    if (files.status === 200) return performance.now() - started;
    if (files.status !== 202) throw new Error(`web-to-print: ${files.status} ${files.body}`);
    if (performance.now() - started > 120_000) throw new Error('files not ready in 120 s');
    await sleep(20);
  }
}

/**
 * `GET /api/webtoprint/{id}` of recipe sets whose files are made (303 to the ZIP), with wrk, and
 * the bare NestJS app before it in each repetition: the table of both rows.
 */
async function filesReady(target: PrintTarget, opts: Options, ready: string[]): Promise<string> {
  const bare = await startHelloApp();
  const c = opts.readyConnections;
  const rows = {
    bare: newMeasured(`bare NestJS hello app: GET / (c=${c})`, 'bare'),
    ready: newMeasured(`GET /api/webtoprint/{id}, files ready: 303 (c=${c})`, 'files ready'),
  };
  const paths = ready.map((id) => `/api/webtoprint/${id}`);
  for (let rep = 1; rep <= opts.repeat; rep++) {
    log(`files ready: repetition ${rep} of ${opts.repeat}`);
    const load = { method: 'GET', path: '/', connections: c } as const;
    const bareRps = await measureRow(opts, bare, '', load, rows.bare);
    rows.bare.ratios.push(1);
    const files = {
      method: 'GET',
      path: paths[0],
      paths,
      connections: c,
      expectStatus: 303,
    } as const;
    rows.ready.ratios.push(
      (await measureRow(opts, target.app, target.token, files, rows.ready)) / bareRps,
    );
  }
  return table([rows.bare, rows.ready]);
}

/** The acknowledgement stream: one line item each, on the stream's recipe sets. */
async function stream(
  target: PrintTarget,
  opts: Options,
  runId: string,
): Promise<{ wrk: WrkResult; window: [Date, Date]; peakMiB?: number }> {
  const bodies = acknowledgementBodies(runId, target.recipeSets['demo-tee']);
  resetPeakRss(target.app.pid);
  const from = new Date();
  const wrk = await runWrk(target.app, target.token, {
    method: 'POST',
    path: '/api/order/acknowledgement',
    bodies,
    connections: opts.connections,
    durationS: opts.streamS,
  });
  const to = new Date();
  log(
    `  stream: ${fmt(wrk.requests / wrk.durationS)} acks/s, p99 ${fmt(wrk.p99Ms)} ms, ${errorCount(wrk)} errors`,
  );
  return { wrk, window: [from, to], peakMiB: memoryOf(target.app.pid)?.peakMiB };
}

/** The print suite (bench/bench.ts). */
export async function printBench(argv: string[]): Promise<void> {
  const opts = parseOptions(argv);
  const build = await currentBuild();
  const redis = await benchRedis();
  const wrkVersion = await ensureWrk();
  const startedAt = new Date();
  const runId = `${stamp(startedAt)}_print`;

  // 1. Idle: one acknowledgement at a time, on recipe sets never printed.
  const withWorkers = await prepare(
    build,
    opts,
    redis?.url,
    `${runId}_w`,
    true,
    opts.idle + STREAM_RECIPE_SETS,
  );
  setApiToken(withWorkers.token);
  const idle: { product: DemoProduct; ms: number[] }[] = [];
  const idleSets: string[] = [];
  for (const product of Object.keys(DEMO_VIEWS) as DemoProduct[]) {
    const sets = withWorkers.recipeSets[product].splice(0, opts.idle);
    idleSets.push(...sets);
    const ms: number[] = [];
    for (const [i, id] of sets.entries())
      ms.push(await ackToZip(withWorkers.app, id, `IDLE-${product}-${i}`));
    idle.push({ product, ms });
    log(`  idle ${product}: p50 ${fmt(percentile(ms, 50))} ms, p99 ${fmt(percentile(ms, 99))} ms`);
  }

  // 1b. Files ready: 303 to the ZIP, against the bare app in the same repetition.
  const readyTable = await filesReady(withWorkers, opts, idleSets);

  // 2. The stream with workers, then on an app without them.
  const streamed = await stream(withWorkers, opts, `${runId}w`);
  const jobs = await jobFigures(withWorkers.dbUrl, streamed.window);
  const without = await prepare(build, opts, redis?.url, `${runId}_n`, false, STREAM_RECIPE_SETS);
  setApiToken(without.token);
  const bare = await stream(without, opts, `${runId}n`);
  const jobsWithout = await jobFigures(without.dbUrl, bare.window);

  // 3. Report
  const idleTable = [
    '| product | acknowledgements | ack → ZIP ready p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    ...idle.map(
      (r) =>
        `| ${r.product} | ${r.ms.length} | ${fmt(percentile(r.ms, 50), 0)} | ${fmt(percentile(r.ms, 99), 0)} | ${fmt(Math.max(...r.ms), 0)} |`,
    ),
  ].join('\n');
  const row = (name: string, s: typeof streamed, j: JobFigures) =>
    `| ${name} | ${fmt(s.wrk.requests / s.wrk.durationS)} | ${fmt(s.wrk.p50Ms)} | ${fmt(s.wrk.p99Ms)} | ` +
    `${errorCount(s.wrk)} | ${j.sent} | ${j.completed} (${fmt(j.completedPerMinute)}/min) | ` +
    `${j.madeFiles} | ${fmt(j.lagP50S)} / ${fmt(j.lagP99S)} | ${j.waitingAtEnd} | ${fmt(s.peakMiB, 0)} |`;
  const streamTable = [
    `| app | acks/s | ack p50 ms | ack p99 ms | errors | jobs sent | jobs finished (per min) | file sets made | queue lag p50 / p99 s | waiting at the end | peak RSS MiB |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row('workers in the API process (WORKERS=true, the default)', streamed, jobs),
    row('no workers (WORKERS=false)', bare, jobsWithout),
  ].join('\n');
  publishResults(
    runId,
    `Print files benchmark ${startedAt.toISOString()}`,
    [
      ...(await describeMachine(startedAt, withWorkers.pgVersion)),
      `- Command: npm run bench -- print --idle ${opts.idle} --stream ${opts.streamS} --connections ${opts.connections} --duration ${opts.durationS} --repeat ${opts.repeat}${opts.cmyk ? ' --cmyk' : ''}`,
      `- Load generator: ${wrkVersion}; ${redis ? redis.description : 'no Redis'}; the app, wrk and PostgreSQL share the machine.`,
    ],
    [
      `### Acknowledgement → ZIP ready, at idle\n\n${idleTable}`,
      `### Print files ready: 303 to the ZIP, against the bare app\n\n${readyTable}`,
      `### A stream of acknowledgements (${opts.streamS} s, ${opts.connections} connections)\n\n${streamTable}`,
    ].join('\n\n'),
    [
      'At idle: the time from sending POST /api/order/acknowledgement to GET /api/webtoprint/{id} answering 200 (Accept: text/plain), asked every 20 ms.',
      `The stream acknowledges orders of one line item each on ${STREAM_RECIPE_SETS} designed demo tees picked at random (a tee acknowledged again while its job waits adds no job). Jobs are counted in the queue (pgboss.job) over the stream's window; lag is from a job's creation to its start.`,
    ],
  );
}
