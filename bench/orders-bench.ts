/**
 * The API's speed and memory, as ratios to a bare NestJS app measured in the same run: the
 * cheapest routes (liveness, a token-only route, an order by number), acknowledgements and
 * searches over a seeded table of at least 1,000,000 orders on PostgreSQL, each repeated and
 * reported as a range; then embedded mode's memory. See bench/README.md.
 *
 *   npm run bench [-- orders --orders 1000000 --duration 10 --repeat 3 --compare <rev>]
 *
 * It creates a throw-away database per build on the local PostgreSQL, starts the built app on it
 * (and the local Redis, if one answers), seeds orders directly into the tables (personal data
 * encrypted exactly as the app does), drives each scenario with wrk (installed if missing) over
 * loopback HTTP, prints Markdown tables, writes them to bench/results/<timestamp>.md, and always
 * stops the apps and drops the databases. With `--compare <rev>`, that revision is built too and
 * both run side by side, scenario after scenario, so that before and after share the conditions.
 *
 * This file holds the options and the sequence; bench/lib/ what other benchmarks can share,
 * bench/orders-target.ts, bench/orders-seed.ts and bench/orders-requests.ts what is specific to the
 * orders, bench/embedded-rss.ts embedded mode, and bench/wrk/scenario.lua what wrk runs.
 */
import { parseArgs } from 'node:util';
import { embeddedTable, measureEmbedded } from './embedded-rss';
import { App, memoryOf, resetPeakRss, startHelloApp } from './lib/app-process';
import { AppBuild, compareBuild, currentBuild } from './lib/build';
import { onCleanup } from './lib/cleanup';
import { cpuBusy, withForeignCpu } from './lib/cpu';
import { assertLoopback, connect } from './lib/database';
import { errorMessage, UsageError } from './lib/errors';
import { log } from './lib/log';
import { benchRedis } from './lib/redis';
import { describeMachine, fmt, percent, publishResults, stamp } from './lib/report';
import { pgbenchVersion, runPgbench } from './lib/pgbench';
import {
  comparison,
  maxOf,
  Measured,
  newMeasured,
  range,
  requestsPerS,
  table,
} from './lib/summary';
import { errorCount, ensureWrk, runWrk } from './lib/wrk';
import { bareScenario, prepareTarget, Scenario, Target, TargetOptions } from './orders-target';

interface Options extends TargetOptions {
  durationS: number;
  warmupS: number;
  repeat: number;
  compare?: string;
  embedded: boolean;
}

const USAGE = `Usage: npm run bench -- orders [options]   (or node dist/bench/bench.js orders [options])
  --orders <n>       orders to seed (default 1000000)
  --recipe-sets <n>  designed recipe sets the orders' line items are spread over (default 1000)
  --duration <s>     seconds of load per scenario and repetition (default 10)
  --repeat <n>       repetitions of every scenario, reported as ranges (default 3)
  --concurrency <n>  connections of the bare app, the cheap routes, single acknowledgements and
                     the first search (default 32, 2 wrk threads); the others use 1
  --batch-size <n>   orders per batch request (default 1000, at most MAX_BATCH_ORDERS)
  --chunk <n>        orders per seeding INSERT (default 5000)
  --warmup <s>       untimed load before each measured run (default 2)
  --random-placement store orders in random last_modified_at order (default: chronological)
  --compare <rev>    also measure a git revision (built in a temporary worktree) or an already
                     built checkout directory, side by side: its table is "before", this one "after"
  --no-embedded      skip the embedded-mode memory measurement
Environment:
  BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/postgres: the server where the
                      throw-away databases pci_bench_<timestamp>_<n> are created and dropped
  BENCH_REDIS_URL     Redis for the app (must answer); default redis://127.0.0.1:6379 if it
                      answers, else none; "none": run without Redis
wrk is installed with apt-get if it is missing.`;

const OPTIONS = {
  orders: { type: 'string' },
  'recipe-sets': { type: 'string' },
  duration: { type: 'string' },
  repeat: { type: 'string' },
  concurrency: { type: 'string' },
  'batch-size': { type: 'string' },
  chunk: { type: 'string' },
  warmup: { type: 'string' },
  'random-placement': { type: 'boolean' },
  compare: { type: 'string' },
  'no-embedded': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(argv: string[]): Options {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true });
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (value: string | undefined, fallback: number, min: number, name: string): number => {
    if (value === undefined) return fallback;
    const n = Number(value.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < min)
      throw new UsageError(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  return {
    orders: int(values.orders, 1_000_000, 1, 'orders'),
    recipeSets: int(values['recipe-sets'], 1000, 1, 'recipe-sets'),
    durationS: int(values.duration, 10, 1, 'duration'),
    repeat: int(values.repeat, 3, 1, 'repeat'),
    concurrency: int(values.concurrency, 32, 1, 'concurrency'),
    batchSize: int(values['batch-size'], 1000, 1, 'batch-size'),
    chunk: int(values.chunk, 5000, 1, 'chunk'),
    randomPlacement: values['random-placement'] ?? false,
    warmupS: int(values.warmup, 2, 0, 'warmup'),
    compare: values.compare,
    embedded: !values['no-embedded'],
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

/** A warm-up, then one measured run of `scenario` on `app`, with its peak RSS and foreign CPU. */
async function measure(
  opts: Options,
  app: App,
  token: string,
  scenario: Scenario,
  monitor: { client: Parameters<typeof withForeignCpu>[0]; dbName: string; dbUrl?: string },
  into: Measured,
): Promise<number> {
  resetPeakRss(app.pid);
  const load = (durationS: number) =>
    scenario.pgbench && monitor.dbUrl
      ? runPgbench(monitor.dbUrl, {
          script: scenario.pgbench,
          connections: scenario.load.connections,
          durationS,
        })
      : runWrk(app, token, { ...scenario.load, durationS });
  if (opts.warmupS > 0) {
    const warm = await load(opts.warmupS);
    if (errorCount(warm) > 0)
      log(`  warm-up of ${scenario.name}: ${errorCount(warm)} errors (${warm.firstError ?? '—'})`);
  }
  const measured = await withForeignCpu(monitor.client, monitor.dbName, app.pid, () =>
    load(opts.durationS),
  );
  const r = measured.result;
  into.runs.push(r);
  into.peakMiB.push(memoryOf(app.pid)?.peakMiB ?? NaN);
  into.otherCpu.push(measured.foreign ?? NaN);
  log(
    `  ${scenario.name}: ${fmt(requestsPerS(r))} req/s, p50 ${fmt(r.p50Ms)} ms, ` +
      `p95 ${fmt(r.p95Ms)} ms, p99 ${fmt(r.p99Ms)} ms, ${errorCount(r)} errors`,
  );
  if (r.firstError) log(`    first non-2xx answer: ${r.firstError}`);
  return requestsPerS(r);
}

/**
 * The acknowledgement route divided by pgbench running its statements, repetition by repetition:
 * how close the route comes to what PostgreSQL itself sustains on this machine.
 */
function databaseCeiling(targets: Target[], rows: Measured[][]): string {
  const lines = [
    '| build | acknowledgement req/s | pgbench tx/s (same statements, same clients) | route ÷ pgbench | p99 ms: route, pgbench |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const [t, target] of targets.entries()) {
    const route = rows[t].find((m) => m.label === 'acknowledgement');
    const db = rows[t].find((m) => m.label === 'acknowledgement in pgbench');
    if (!route || !db) continue;
    const ratios = route.runs.map((r, i) => requestsPerS(r) / requestsPerS(db.runs[i]));
    lines.push(
      `| ${target.build.label} | ${range(route.runs.map(requestsPerS))} | ${range(db.runs.map(requestsPerS))} | ` +
        `${range(ratios, 2)} | ${range(route.runs.map((r) => r.p99Ms))}, ${range(db.runs.map((r) => r.p99Ms))} |`,
    );
  }
  return lines.join('\n');
}

/** The orders suite of `npm run bench` (bench/bench.ts). */
export async function ordersBench(argv: string[]): Promise<void> {
  const opts = parseOptions(argv);
  assertLoopback(opts.adminUrl, 'BENCH_DATABASE_URL');
  const builds: AppBuild[] = [];
  if (opts.compare !== undefined) builds.push(await compareBuild(opts.compare));
  builds.push(await currentBuild());
  const redis = await benchRedis();
  const wrkVersion = await ensureWrk();
  const startedAt = new Date();
  const busyAtStart = await cpuBusy(2000);
  const runId = stamp(startedAt);

  // 1. Every build on its own seeded database, and the bare app
  const targets: Target[] = [];
  for (const [i, build] of builds.entries())
    targets.push(await prepareTarget(build, opts, redis?.url, `${runId}_${i}`));
  const bare = await startHelloApp();
  const monitorClient = await connect(targets[0].dbUrl);
  onCleanup('monitor connection', () => monitorClient.end());

  // 2. Repetitions: each scenario on each build, right after the bare app's run it divides by
  const bareRow = bareScenario(opts.concurrency);
  const rows = targets.map(() => [
    newMeasured(bareRow.name, bareRow.label),
    ...targets[0].scenarios.map((s) => newMeasured(s.name, s.label)),
  ]);
  const busyBeforeScenarios = await cpuBusy(1000);
  for (let rep = 1; rep <= opts.repeat; rep++) {
    log(`repetition ${rep} of ${opts.repeat}`);
    for (const [t, target] of targets.entries()) {
      const monitor = { client: monitorClient, dbName: target.dbName, dbUrl: target.dbUrl };
      const bareRps = await measure(opts, bare, '', bareRow, monitor, rows[t][0]);
      rows[t][0].ratios.push(1);
      for (const [s, scenario] of target.scenarios.entries()) {
        const row = rows[t][s + 1];
        row.ratios.push(
          (await measure(opts, target.app, target.token, scenario, monitor, row)) / bareRps,
        );
      }
    }
  }

  // 3. Embedded mode's memory
  const embedded = [];
  if (opts.embedded)
    for (const build of builds) embedded.push(await measureEmbedded(build, opts.durationS, runId));

  // 4. Report
  const sections: string[] = [];
  const info: string[] = [];
  for (const [t, target] of targets.entries()) {
    const title = targets.length > 1 ? (t === 0 ? 'Before' : 'After') : 'Results';
    sections.push(`### ${title}: ${target.build.label}\n\n${table(rows[t])}`);
    const apiPeak = maxOf([
      target.peakBeforeScenariosMiB ?? NaN,
      ...rows[t].slice(1).flatMap((m) => m.peakMiB),
    ]);
    info.push(
      `${target.build.label}: ${target.notes.join(' ')} API peak RSS over the whole run ` +
        `${fmt(apiPeak, 0)} MiB (${fmt(target.peakBeforeScenariosMiB, 0)} MiB after start-up and the checks).`,
    );
    const foreign = rows[t].map((m) => `${m.label} ${m.otherCpu.map((v) => percent(v)).join('/')}`);
    info.push(
      `CPU used by unrelated processes while measuring ${target.build.label}: ${foreign.join(', ')}.`,
    );
  }
  if (targets.length > 1)
    sections.push(
      `### Before → after (ratios to the bare app in the same repetition)\n\n` +
        comparison(rows[0], rows[rows.length - 1], ['before', 'after']),
    );
  sections.push(
    `### The acknowledgement against the database's own rate\n\n${databaseCeiling(targets, rows)}`,
  );
  if (embedded.length > 0) sections.push(`### Embedded mode\n\n${embeddedTable(embedded)}`);
  const machine = [
    ...(await describeMachine(startedAt, targets[0].pgVersion)),
    `- Command: npm run bench -- orders --orders ${opts.orders} --duration ${opts.durationS} ` +
      `--repeat ${opts.repeat} --concurrency ${opts.concurrency} --batch-size ${opts.batchSize} ` +
      `--warmup ${opts.warmupS}` +
      (opts.randomPlacement ? ' --random-placement' : '') +
      (opts.compare !== undefined ? ` --compare ${opts.compare}` : '') +
      (opts.embedded ? '' : ' --no-embedded'),
    `- Load generator: ${wrkVersion} (bench/wrk/scenario.lua); ${redis ? redis.description : 'no Redis'}; ` +
      `${await pgbenchVersion()} for the database's own rate (bench/orders-pgbench.ts).`,
    `- wrk, the apps (one Node.js process each, default DATABASE_POOL_SIZE 10) and PostgreSQL share the machine.`,
    `- CPU busy (all processes) in the 2 s before the start: ${percent(busyAtStart)}; after seeding, ` +
      `before the first scenario: ${percent(busyBeforeScenarios)}.`,
  ];
  publishResults(
    runId,
    `API benchmark ${startedAt.toISOString()}`,
    machine,
    sections.join('\n\n'),
    info,
  );
}
