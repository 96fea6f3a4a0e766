/**
 * The render suite of `npm run bench` (bench/README.md, "Render"): the render route's cache hit
 * (302) as a ratio to the bare NestJS app, a 512-px JPEG from a cached render as a ratio to a plain
 * sharp loop doing the same resize in this process, cold renders of every demo view at their
 * default size (p50/p99), and a burst of distinct cold renders at once (the app's peak RSS and
 * the liveness check's p99 meanwhile). Every figure comes from the same run as its baseline.
 *
 *   npm run bench -- render [--duration 10 --repeat 3 --concurrency 32 --cold 10 --burst 50]
 */
import sharp from 'sharp';
import { startHelloApp } from './lib/app-process';
import { currentBuild } from './lib/build';
import { assertLoopback } from './lib/database';
import { log } from './lib/log';
import { benchAdminUrl, parseIntOptions } from './lib/options';
import { measureRow } from './lib/measure';
import { benchRedis } from './lib/redis';
import { describeMachine, fmt, publishResults, stamp } from './lib/report';
import { newMeasured, range, table } from './lib/summary';
import { ensureWrk } from './lib/wrk';
import {
  coldRenderTimes,
  DEMO_VIEWS,
  DemoProduct,
  percentile,
  prepareRenderTarget,
  renderBurst,
  renderPath,
  storedRender,
} from './render-target';

interface Options {
  durationS: number;
  warmupS: number;
  repeat: number;
  concurrency: number;
  /** Connections of the resize row, and operations in flight in the sharp loop. */
  resizeConcurrency: number;
  cold: number;
  burst: number;
  adminUrl: string;
}

const USAGE = `Usage: npm run bench -- render [options]
  --duration <s>      seconds of load per wrk row and repetition (default 10)
  --warmup <s>        untimed load before each measured row (default 2)
  --repeat <n>        repetitions of the wrk rows, reported as ranges (default 3)
  --concurrency <n>   connections of the bare app and the cache-hit row (default 32)
  --resize-concurrency <n>  connections of the 512-px JPEG row, and resizes in flight in the
                      sharp loop it is compared with (default 4)
  --cold <n>          renders made afresh, one after another, per demo view (default 10)
  --burst <n>         distinct cold renders asked for at once (default 50)
Environment: BENCH_DATABASE_URL, BENCH_REDIS_URL (as for the orders suite).`;

function parseOptions(argv: string[]): Options {
  const o = parseIntOptions(argv, USAGE, {
    duration: { fallback: 10, min: 1 },
    warmup: { fallback: 2, min: 0 },
    repeat: { fallback: 3, min: 1 },
    concurrency: { fallback: 32, min: 1 },
    'resize-concurrency': { fallback: 4, min: 1 },
    cold: { fallback: 10, min: 1 },
    burst: { fallback: 50, min: 1 },
  });
  return {
    durationS: o.duration,
    warmupS: o.warmup,
    repeat: o.repeat,
    concurrency: o.concurrency,
    resizeConcurrency: o['resize-concurrency'],
    cold: o.cold,
    burst: o.burst,
    adminUrl: benchAdminUrl(),
  };
}

/** The 512-px JPEG the resize row asks for, as the API makes it (transform.ts). */
const resize512 = (png: Buffer) =>
  sharp(png)
    .resize({ width: 512, kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer();

/** Resizes per second of a plain sharp loop, `inFlight` at a time, for `seconds`. */
async function sharpLoop(png: Buffer, inFlight: number, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        await resize512(png);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** The render suite (bench/bench.ts). */
export async function renderBench(argv: string[]): Promise<void> {
  const opts = parseOptions(argv);
  assertLoopback(opts.adminUrl, 'BENCH_DATABASE_URL');
  const build = await currentBuild();
  const redis = await benchRedis();
  const wrkVersion = await ensureWrk();
  const startedAt = new Date();
  const runId = `${stamp(startedAt)}_render`;
  const target = await prepareRenderTarget(build, opts.adminUrl, redis?.url, runId, {
    'demo-tee': opts.burst + 10,
    'demo-bottle': 2,
  });
  const { app, token } = target;
  const tees = target.recipeSets['demo-tee'];

  // 1. Cached renders for the hit and resize rows (their first request renders them).
  const cached = tees.slice(0, 10).map((id) => renderPath(id, 'north'));
  for (const path of cached) await storedRender(app, path);
  const png = await storedRender(app, cached[0]);
  const pngSize = (await sharp(png).metadata()) as { width: number; height: number };
  const resized = cached.map((p) => `${p}?width=512&format=jpeg`);

  // 2. wrk rows against the bare app of the same repetition; the sharp loop beside the resizes.
  const bare = await startHelloApp();
  const c = opts.concurrency;
  const rc = opts.resizeConcurrency;
  const rows = {
    bare: newMeasured(`bare NestJS hello app: GET / (c=${c})`, 'bare'),
    hit: newMeasured(`GET render, cached: 302 to the stored render (c=${c})`, 'cache hit'),
    resize: newMeasured(`GET render?width=512&format=jpeg, cached (c=${rc})`, '512-px JPEG'),
  };
  const loop: number[] = [];
  for (let rep = 1; rep <= opts.repeat; rep++) {
    log(`repetition ${rep} of ${opts.repeat}`);
    const bareRps = await measureRow(
      opts,
      bare,
      '',
      { method: 'GET', path: '/', connections: c },
      rows.bare,
    );
    rows.bare.ratios.push(1);
    const hit = {
      method: 'GET',
      path: cached[0],
      paths: cached,
      connections: c,
      expectStatus: 302,
    } as const;
    rows.hit.ratios.push((await measureRow(opts, app, token, hit, rows.hit)) / bareRps);
    const resize = { method: 'GET', path: resized[0], paths: resized, connections: rc } as const;
    const resizeRps = await measureRow(opts, app, token, resize, rows.resize);
    loop.push(await sharpLoop(png, rc, opts.durationS));
    log(`  sharp loop: ${fmt(loop[loop.length - 1])} resizes/s`);
    rows.resize.ratios.push(resizeRps / loop[loop.length - 1]);
  }

  // 3. Cold renders, one after another, of every demo view at its default size.
  const cold: { product: DemoProduct; view: string; ms: number[] }[] = [];
  for (const product of Object.keys(DEMO_VIEWS) as DemoProduct[]) {
    const id = target.recipeSets[product][product === 'demo-tee' ? tees.length - 1 : 0];
    for (const view of DEMO_VIEWS[product]) {
      const ms = await coldRenderTimes(app, renderPath(id, view), opts.cold);
      cold.push({ product, view, ms });
      log(
        `  cold ${product} ${view}: p50 ${fmt(percentile(ms, 50))} ms, p99 ${fmt(percentile(ms, 99))} ms`,
      );
    }
  }

  // 4. Distinct cold renders all at once (recipe sets never rendered).
  const burst = await renderBurst(
    app,
    tees.slice(10, 10 + opts.burst).map((id) => renderPath(id, 'north')),
  );
  log(
    `  burst: ${JSON.stringify(burst.statuses)} in ${fmt(burst.wallMs)} ms, peak RSS ${fmt(burst.peakMiB, 0)} MiB`,
  );

  // 5. Report
  const wrkTable = table([rows.bare, rows.hit, rows.resize]).replace(
    '× bare NestJS',
    '× baseline (bare app; sharp loop for the JPEG row)',
  );
  const coldTable = [
    '| product | view | renders | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|',
    ...cold.map(
      (r) =>
        `| ${r.product} | ${r.view} | ${r.ms.length} | ${fmt(percentile(r.ms, 50))} | ` +
        `${fmt(percentile(r.ms, 99))} | ${fmt(Math.max(...r.ms))} |`,
    ),
  ].join('\n');
  const burstTable = [
    '| distinct cold renders at once | answers | all answered after ms | render p50 / p99 ms | GET /health/live meanwhile: requests, p50 / p99 / max ms | RSS before → peak MiB |',
    '|---:|---|---:|---:|---:|---:|',
    `| ${burst.renders} | ${Object.entries(burst.statuses)
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ')} | ` +
      `${fmt(burst.wallMs, 0)} | ${fmt(percentile(burst.renderMs, 50), 0)} / ${fmt(percentile(burst.renderMs, 99), 0)} | ` +
      `${burst.liveMs.length}, ${fmt(percentile(burst.liveMs, 50))} / ${fmt(percentile(burst.liveMs, 99))} / ${fmt(Math.max(...burst.liveMs))} | ` +
      `${fmt(burst.rssBeforeMiB, 0)} → ${fmt(burst.peakMiB, 0)} |`,
  ].join('\n');
  const machine = [
    ...(await describeMachine(startedAt, target.pgVersion)),
    `- Command: npm run bench -- render --duration ${opts.durationS} --warmup ${opts.warmupS} ` +
      `--repeat ${opts.repeat} --concurrency ${c} --resize-concurrency ${rc} --cold ${opts.cold} --burst ${opts.burst}`,
    `- Load generator: ${wrkVersion}; ${redis ? redis.description : 'no Redis'}; the app, wrk, the sharp loop and PostgreSQL share the machine.`,
  ];
  publishResults(
    runId,
    `Render benchmark ${startedAt.toISOString()}`,
    machine,
    [
      `### Cache hit and resize\n\n${wrkTable}`,
      `### Cold renders at the default size (useCache=false, one after another)\n\n${coldTable}`,
      `### A burst of cold renders\n\n${burstTable}`,
    ].join('\n\n'),
    [
      `The stored render resized is the demo tee's front, ${pngSize.width} × ${pngSize.height} px PNG (${fmt(png.length / 1024, 0)} KiB).`,
      `Plain sharp loop (same resize, lanczos3, flattened on white, JPEG quality 90 4:4:4, ${rc} in flight, in the benchmark's process): ${range(loop)} resizes/s.`,
    ],
  );
}
