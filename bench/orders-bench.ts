/**
 * Orders benchmark: acknowledgements per second (single order and 1,000-order batches) and search
 * latency over a seeded table of at least 1,000,000 orders on PostgreSQL, next to the cheapest
 * authenticated route (GET /api/clients/current) as a baseline. See bench/README.md.
 *
 *   npm run build && node dist/bench/orders-bench.js [--orders 1000000] [--duration 15]
 *
 * It creates a throw-away database on the local PostgreSQL, starts the built app against it,
 * seeds orders directly into the tables (personal data encrypted exactly as the app does), runs
 * bounded load phases over loopback HTTP, prints a Markdown table, writes it to
 * bench/results/<timestamp>.md, and always stops the app and drops the database.
 *
 * This file holds the options and the sequence; bench/lib/ what other benchmarks can share,
 * bench/orders-seed.ts and bench/orders-requests.ts what is specific to the orders.
 */
import { parseArgs } from 'node:util';
import { createClientWithToken, runCli } from './lib/app-cli';
import { assertAppBuilt, memoryOf, startBenchApp } from './lib/app-process';
import { onCleanup, runWithCleanup } from './lib/cleanup';
import { cpuBusy, withForeignCpu } from './lib/cpu';
import { assertLoopback, connect, createBenchDatabase } from './lib/database';
import { errorMessage, UsageError } from './lib/errors';
import { RequestSpec, setApiToken } from './lib/http-client';
import { load } from './lib/load';
import { log } from './lib/log';
import {
  describeMachine,
  fmt,
  percent,
  publishResults,
  Row,
  row,
  shortName,
  stamp,
  table,
} from './lib/report';
import {
  acknowledgementRequests,
  checkSeededOrders,
  windowSearch,
  yearSearch,
} from './orders-requests';
import { seedOrders } from './orders-seed';

// ---------------------------------------------------------------------------------------------
// Options

const CLIENT_HANDLE = 'bench';

interface Options {
  orders: number;
  durationS: number;
  concurrency: number;
  batches: number;
  batchSize: number;
  chunk: number;
  randomPlacement: boolean;
  warmupS: number;
  yearRuns: number;
  adminUrl: string;
}

const USAGE = `Usage: node dist/bench/orders-bench.js [options]
  --orders <n>       orders to seed (default 1000000)
  --duration <s>     seconds per timed scenario (default 15)
  --concurrency <n>  connections for the timed scenarios (default 8)
  --batches <n>      sequential batch requests (default 10)
  --batch-size <n>   orders per batch request (default 1000, at most MAX_BATCH_ORDERS)
  --chunk <n>        orders per seeding INSERT (default 5000)
  --warmup <s>       untimed warm-up before each timed scenario (default 2)
  --year-runs <n>    runs of the whole-year search (default 5)
  --random-placement store orders in random last_modified_at order (default: chronological,
                     as a table filled over a year is; random is the worst case for searches)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), the
server where the throw-away database pci_bench_<timestamp> is created and dropped.`;

const OPTIONS = {
  orders: { type: 'string' },
  duration: { type: 'string' },
  concurrency: { type: 'string' },
  batches: { type: 'string' },
  'batch-size': { type: 'string' },
  chunk: { type: 'string' },
  warmup: { type: 'string' },
  'year-runs': { type: 'string' },
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
    batches: int(values.batches, 10, 1, 'batches'),
    batchSize: int(values['batch-size'], 1000, 1, 'batch-size'),
    chunk: int(values.chunk, 5000, 1, 'chunk'),
    randomPlacement: values['random-placement'] ?? false,
    warmupS: int(values.warmup, 2, 0, 'warmup'),
    yearRuns: int(values['year-runs'], 5, 1, 'year-runs'),
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  assertLoopback(opts.adminUrl, 'BENCH_DATABASE_URL');
  assertAppBuilt();
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
  const { app, env, keySpec } = await startBenchApp(dbUrl);

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

  // 5. Scenarios
  const busyBeforeScenarios = await cpuBusy(1000);
  const durationMs = opts.durationS * 1000;
  const warmupMs = opts.warmupS * 1000;
  const c = opts.concurrency;
  const rows: Row[] = [];
  const acks = acknowledgementRequests(
    runId,
    recipeSets.map((r) => r.readableId),
  );
  const monitor = await connect(dbUrl);
  onCleanup('monitor connection', () => monitor.end());
  const measure = <T>(fn: () => Promise<T>) => withForeignCpu(monitor, dbName, app.pid, fn);
  const timed = async (
    name: string,
    make: () => RequestSpec,
    concurrency: number,
    ordersPerRequest?: number,
  ): Promise<Row> => {
    if (warmupMs > 0) await load(app, make, { concurrency, durationMs: warmupMs });
    log(`${name}: ${opts.durationS} s at concurrency ${concurrency}…`);
    const measured = await measure(() => load(app, make, { concurrency, durationMs }));
    const r = row(name, measured.result, ordersPerRequest);
    r.otherCpu = measured.foreign;
    rows.push(r);
    log(
      `  ${fmt(r.requestsPerS)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, ${r.errors} errors`,
    );
    return r;
  };

  const baseline = await timed(
    `baseline: GET /api/clients/current (c=${c})`,
    () => ({ method: 'GET', path: '/api/clients/current' }),
    c,
  );

  await timed(
    `single acknowledgement: POST /api/order/acknowledgement (c=${c})`,
    acks.single,
    c,
    1,
  );

  const batchSpec = (): RequestSpec => acks.batch(opts.batchSize);
  // Bodies are built before timing so that the client's JSON work is not counted.
  const batchWarm = await load(app, batchSpec, { concurrency: 1, maxRequests: 1 });
  if (batchWarm.errors) log(`  batch warm-up failed: ${batchWarm.firstError}`);
  const batchBodies = Array.from({ length: opts.batches }, batchSpec);
  log(`batch: ${opts.batches} sequential requests of ${opts.batchSize} orders…`);
  let nextBatch = 0;
  const batch = await measure(() =>
    load(app, () => batchBodies[nextBatch++], { concurrency: 1, maxRequests: opts.batches }),
  );
  const batchRow = row(
    `batch acknowledgement: POST /api/order/acknowledgements, ${opts.batchSize} orders (c=1, ${opts.batches} requests)`,
    batch.result,
    opts.batchSize,
  );
  batchRow.otherCpu = batch.foreign;
  rows.push(batchRow);
  batchBodies.length = 0;
  log(`  ${fmt(batchRow.ordersPerS, 0)} orders/s, p50 ${fmt(batchRow.p50)} ms per request`);

  const search = (): RequestSpec => windowSearch(now);
  await timed(`search: 31 days, in-progress, pageSize 500 (c=${c})`, search, c);
  await timed(`search: 31 days, in-progress, pageSize 500 (c=1)`, search, 1);

  const totals = await load(app, search, { concurrency: 1, maxRequests: 3 });
  const windowTotal = totals.lastReply?.headers['x-total-count'];

  log(`search over the whole year: ${opts.yearRuns} sequential runs…`);
  const yearMeasured = await measure(() =>
    load(app, () => yearSearch(now), { concurrency: 1, maxRequests: opts.yearRuns }),
  );
  const year = yearMeasured.result;
  const yearTotal = year.lastReply?.headers['x-total-count'];
  const yearRow = row(
    `search: whole year, ignoreDateRestriction, in-progress, pageSize 500 (c=1, ${opts.yearRuns} runs)`,
    year,
  );
  yearRow.otherCpu = yearMeasured.foreign;
  rows.push(yearRow);
  note(
    `Search matches: ${String(windowTotal ?? '?')} orders in a 31-day window (last sample), ` +
      `${String(yearTotal ?? '?')} over the whole year; each response holds up to 500.`,
  );

  const foreignMax = Math.max(...rows.map((r) => r.otherCpu ?? 0));
  note(
    `CPU used by unrelated processes while measuring (share of the machine): ` +
      `${rows.map((r) => `${shortName(r.scenario)} ${percent(r.otherCpu)}`).join(', ')}` +
      (foreignMax > 0.05 ? ' — other work was running: the figures are skewed.' : ' (quiet).'),
  );

  note(
    `Average response size: ${rows
      .map((r) => `${shortName(r.scenario)} ${fmt(r.avgBytes / 1024, 1)} KiB`)
      .join(', ')}.`,
  );

  const memory = memoryOf(app.pid);
  note(
    `App process peak RSS (VmHWM): ${fmt(memory?.peakMiB, 0)} MiB (RSS at the end ${fmt(memory?.rssMiB, 0)} MiB); ` +
      `bench process peak RSS: ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MiB.`,
  );

  // 6. Report
  const machine = [
    ...(await describeMachine(startedAt, pgVersion)),
    `- Command: node dist/bench/orders-bench.js --orders ${opts.orders} --duration ${opts.durationS} ` +
      `--concurrency ${c} --batches ${opts.batches} --batch-size ${opts.batchSize}` +
      (opts.randomPlacement ? ' --random-placement' : ''),
    `- Load generator, app (one Node.js process, default DATABASE_POOL_SIZE 10) and PostgreSQL share the machine.`,
    `- CPU busy (all processes) in the 2 s before the start: ${percent(busyAtStart)}; in the 1 s ` +
      `after seeding, before the first scenario: ${percent(busyBeforeScenarios)} ` +
      `(more than a few % means other work was running).`,
  ];
  publishResults(
    runId,
    `Orders benchmark ${startedAt.toISOString()}`,
    machine,
    table(rows, baseline.requestsPerS),
    info,
  );
}

runWithCleanup(main);
