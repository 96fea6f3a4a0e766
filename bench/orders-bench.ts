/**
 * Orders benchmark: acknowledgements per second (single order and 1,000-order batches) and search
 * latency over a seeded table of at least 1,000,000 orders on PostgreSQL, next to the cheapest
 * authenticated route (GET /api/clients/current) as a baseline. See bench/README.md.
 *
 *   npm run bench [-- --orders 1000000 --duration 15]
 *
 * It creates a throw-away database on the local PostgreSQL, starts the built app against it (and
 * the local Redis, if one answers), seeds orders directly into the tables (personal data
 * encrypted exactly as the app does), drives each scenario with wrk (installed if missing) over
 * loopback HTTP, prints a Markdown table, writes it to bench/results/<timestamp>.md, and always
 * stops the app and drops the database.
 *
 * This file holds the options and the sequence; bench/lib/ what other benchmarks can share,
 * bench/orders-seed.ts and bench/orders-requests.ts what is specific to the orders, and
 * bench/wrk/scenario.lua what wrk runs.
 */
import { parseArgs } from 'node:util';
import { createClientWithToken, runCli } from './lib/app-cli';
import { assertAppBuilt, memoryOf, resetPeakRss, startBenchApp } from './lib/app-process';
import { onCleanup, runWithCleanup } from './lib/cleanup';
import { cpuBusy, withForeignCpu } from './lib/cpu';
import { assertLoopback, connect, createBenchDatabase } from './lib/database';
import { errorMessage, UsageError } from './lib/errors';
import { setApiToken } from './lib/http-client';
import { log } from './lib/log';
import { benchRedis } from './lib/redis';
import {
  describeMachine,
  fmt,
  percent,
  publishResults,
  Row,
  row,
  stamp,
  table,
} from './lib/report';
import { errorCount, ensureWrk, runWrk, WrkLoad } from './lib/wrk';
import {
  acknowledgementBodies,
  checkSeededOrders,
  SEARCH_PATH,
  searchTotal,
  windowSearchBodies,
  yearSearchBody,
} from './orders-requests';
import { seedOrders } from './orders-seed';

// ---------------------------------------------------------------------------------------------
// Options

const CLIENT_HANDLE = 'bench';

interface Options {
  orders: number;
  durationS: number;
  concurrency: number;
  batchSize: number;
  chunk: number;
  randomPlacement: boolean;
  warmupS: number;
  adminUrl: string;
}

const USAGE = `Usage: npm run bench -- [options]   (or node dist/bench/orders-bench.js [options])
  --orders <n>       orders to seed (default 1000000)
  --duration <s>     seconds of load per scenario (default 15)
  --concurrency <n>  connections of the baseline, single acknowledgement and first 31-day search
                     (default 8; batches, the second 31-day search and the whole year use 1)
  --batch-size <n>   orders per batch request (default 1000, at most MAX_BATCH_ORDERS)
  --chunk <n>        orders per seeding INSERT (default 5000)
  --warmup <s>       untimed load before each scenario (default 2)
  --random-placement store orders in random last_modified_at order (default: chronological,
                     as a table filled over a year is; random is the worst case for searches)
Environment:
  BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/postgres: the server where the
                      throw-away database pci_bench_<timestamp> is created and dropped
  BENCH_REDIS_URL     Redis for the app (must answer); default redis://127.0.0.1:6379 if it
                      answers, else none; "none": run without Redis
wrk is installed with apt-get if it is missing.`;

const OPTIONS = {
  orders: { type: 'string' },
  duration: { type: 'string' },
  concurrency: { type: 'string' },
  'batch-size': { type: 'string' },
  chunk: { type: 'string' },
  warmup: { type: 'string' },
  'random-placement': { type: 'boolean' },
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
    durationS: int(values.duration, 15, 1, 'duration'),
    concurrency: int(values.concurrency, 8, 1, 'concurrency'),
    batchSize: int(values['batch-size'], 1000, 1, 'batch-size'),
    chunk: int(values.chunk, 5000, 1, 'chunk'),
    randomPlacement: values['random-placement'] ?? false,
    warmupS: int(values.warmup, 2, 0, 'warmup'),
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

// ---------------------------------------------------------------------------------------------
// Main

/** One row of the table: a wrk load, and the orders each request carries (for orders/s). */
interface Scenario {
  name: string;
  /** For the notes under the table. */
  label: string;
  load: Omit<WrkLoad, 'durationS'>;
  ordersPerRequest?: number;
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  assertLoopback(opts.adminUrl, 'BENCH_DATABASE_URL');
  assertAppBuilt();
  const redis = await benchRedis();
  const wrkVersion = await ensureWrk();
  const startedAt = new Date();
  // The figures are only meaningful on an otherwise idle machine: look before starting.
  const busyAtStart = await cpuBusy(2000);
  if ((busyAtStart ?? 0) > 0.15)
    log(`warning: ${percent(busyAtStart)} CPU busy before the start: other work skews the figures`);
  const runId = stamp(startedAt);
  const info: string[] = [];
  const note = (line: string): void => {
    info.push(line);
    log(line);
  };

  // 1. Database; 2. the app (each registers its own clean-up)
  const { dbName, dbUrl, pgVersion } = await createBenchDatabase(opts.adminUrl, runId);
  const { app, env, keySpec } = await startBenchApp(dbUrl, redis?.url);

  // 3. Client, User token, recipe sets (through the CLI)
  const issued = await createClientWithToken(env, CLIENT_HANDLE);
  setApiToken(issued.token);
  const recipeSets = JSON.parse(
    await runCli(['recipe-set', 'create', CLIENT_HANDLE, '--count', '1000'], env),
  ) as { readableId: string; uuid: string }[];
  log(`client ${CLIENT_HANDLE}, User token ${issued.tokenId}, ${recipeSets.length} recipe sets`);

  // 4. Seed, then check the seeding through the API
  const now = Date.now();
  const seeded = await seedOrders(dbUrl, {
    clientId: issued.clientId,
    tokenId: issued.tokenId,
    recipeSetIds: recipeSets.map((r) => r.uuid),
    keySpec,
    now,
    orders: opts.orders,
    chunk: opts.chunk,
    randomPlacement: opts.randomPlacement,
  });
  note(
    `Seeded ${opts.orders.toLocaleString('en-US')} orders (1 line item each, ` +
      `${opts.randomPlacement ? 'random' : 'chronological'} placement) in ${fmt(seeded.seedMs / 1000)} s ` +
      `(${fmt(opts.orders / (seeded.seedMs / 1000), 0)} orders/s), then VACUUM (ANALYZE) + CHECKPOINT in ` +
      `${fmt(seeded.vacuumMs / 1000)} s; database size ${seeded.dbSize}.`,
  );
  await checkSeededOrders(app, opts.orders, now);
  const peakBeforeScenarios = memoryOf(app.pid)?.peakMiB;

  // 5. Scenarios, each driven by wrk: an untimed warm-up, then the measured run
  const c = opts.concurrency;
  const ackBodies = acknowledgementBodies(
    runId,
    recipeSets.map((r) => r.readableId),
  );
  const windowBodies = windowSearchBodies(now);
  const yearBody = yearSearchBody(now);
  const windowSearch = (connections: number): Scenario => ({
    name: `search: 31 days, in-progress, pageSize 500 (c=${connections})`,
    label: `search 31 days (c=${connections})`,
    load: { method: 'POST', path: SEARCH_PATH, bodies: windowBodies, connections },
  });
  const scenarios: Scenario[] = [
    {
      name: `baseline: GET /api/clients/current (c=${c})`,
      label: `baseline (c=${c})`,
      load: { method: 'GET', path: '/api/clients/current', connections: c },
    },
    {
      name: `single acknowledgement: POST /api/order/acknowledgement (c=${c})`,
      label: `single acknowledgement (c=${c})`,
      load: {
        method: 'POST',
        path: '/api/order/acknowledgement',
        bodies: ackBodies,
        connections: c,
      },
      ordersPerRequest: 1,
    },
    {
      name: `batch acknowledgement: POST /api/order/acknowledgements, ${opts.batchSize} orders (c=1)`,
      label: 'batch acknowledgement (c=1)',
      load: {
        method: 'POST',
        path: '/api/order/acknowledgements',
        bodies: ackBodies,
        batch: opts.batchSize,
        connections: 1,
      },
      ordersPerRequest: opts.batchSize,
    },
    windowSearch(c),
    windowSearch(1),
    {
      name: 'search: whole year, ignoreDateRestriction, in-progress, pageSize 500 (c=1)',
      label: 'search whole year (c=1)',
      load: { method: 'POST', path: SEARCH_PATH, bodies: [yearBody], connections: 1 },
    },
  ];

  const busyBeforeScenarios = await cpuBusy(1000);
  const monitor = await connect(dbUrl);
  onCleanup('monitor connection', () => monitor.end());
  const rows: Row[] = [];
  let rssResets = true;
  for (const scenario of scenarios) {
    // The app's peak RSS of a scenario includes its warm-up.
    rssResets = resetPeakRss(app.pid) && rssResets;
    if (opts.warmupS > 0) {
      const warm = await runWrk(app, issued.token, { ...scenario.load, durationS: opts.warmupS });
      if (errorCount(warm) > 0)
        log(
          `  warm-up of ${scenario.name}: ${errorCount(warm)} errors (${warm.firstError ?? '—'})`,
        );
    }
    log(`${scenario.name}: ${opts.durationS} s…`);
    const measured = await withForeignCpu(monitor, dbName, app.pid, () =>
      runWrk(app, issued.token, { ...scenario.load, durationS: opts.durationS }),
    );
    const r = row(scenario.name, scenario.label, measured.result, scenario.ordersPerRequest);
    r.otherCpu = measured.foreign;
    r.appPeakMiB = memoryOf(app.pid)?.peakMiB;
    rows.push(r);
    log(
      `  ${fmt(r.requestsPerS)} req/s${r.ordersPerS === undefined ? '' : `, ${fmt(r.ordersPerS, 0)} orders/s`}, ` +
        `p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.errors} errors`,
    );
    if (measured.result.firstError)
      note(`Errors in ${r.label}: first non-2xx answer ${measured.result.firstError}`);
  }

  const windowTotal = await searchTotal(app, windowBodies[0]);
  const yearTotal = await searchTotal(app, yearBody);
  note(
    `Search matches: ${String(windowTotal)} orders in a sampled 31-day window, ` +
      `${String(yearTotal)} over the whole year (after the acknowledgements); each response holds up to 500.`,
  );

  const foreignMax = Math.max(...rows.map((r) => r.otherCpu ?? 0));
  note(
    `CPU used by unrelated processes while measuring (share of the machine): ` +
      `${rows.map((r) => `${r.label} ${percent(r.otherCpu)}`).join(', ')}` +
      (foreignMax > 0.05 ? ' — other work was running: the figures are skewed.' : ' (quiet).'),
  );

  note(
    `Average response size (headers included): ${rows
      .map((r) => `${r.label} ${fmt(r.avgBytes / 1024, 1)} KiB`)
      .join(', ')}.`,
  );

  const memory = memoryOf(app.pid);
  const appPeak = Math.max(peakBeforeScenarios ?? NaN, ...rows.map((r) => r.appPeakMiB ?? NaN));
  note(
    (rssResets
      ? `App process peak RSS (VmHWM, reset before each scenario's warm-up): ${fmt(appPeak, 0)} MiB ` +
        `over the whole run, ${fmt(peakBeforeScenarios, 0)} MiB before the scenarios (start-up, checks); `
      : `App process peak RSS (VmHWM; it could not be reset, so each row shows the peak since the start): ` +
        `${fmt(memory?.peakMiB, 0)} MiB; `) +
      `RSS at the end ${fmt(memory?.rssMiB, 0)} MiB; bench process peak RSS ` +
      `${fmt(process.resourceUsage().maxRSS / 1024, 0)} MiB.`,
  );

  // 6. Report
  const machine = [
    ...(await describeMachine(startedAt, pgVersion)),
    `- Command: npm run bench -- --orders ${opts.orders} --duration ${opts.durationS} ` +
      `--concurrency ${c} --batch-size ${opts.batchSize} --warmup ${opts.warmupS}` +
      (opts.randomPlacement ? ' --random-placement' : ''),
    `- Load generator: ${wrkVersion} (bench/wrk/scenario.lua); ${redis ? redis.description : 'no Redis'}.`,
    `- wrk, the app (one Node.js process, default DATABASE_POOL_SIZE 10) and PostgreSQL share the machine.`,
    `- CPU busy (all processes) in the 2 s before the start: ${percent(busyAtStart)}; in the 1 s ` +
      `after seeding, before the first scenario: ${percent(busyBeforeScenarios)} ` +
      `(more than a few % means other work was running).`,
  ];
  publishResults(
    runId,
    `Orders benchmark ${startedAt.toISOString()}`,
    machine,
    table(rows, rows[0].requestsPerS),
    info,
  );
}

runWithCleanup(main);
