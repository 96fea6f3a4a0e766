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
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { FieldCipher } from '../src/common/crypto/field-cipher';
import { KeyRing } from '../src/common/crypto/key-ring';
import { WorkflowStatus } from '../src/orders/order.enums';
import { PersonalData, personalDataContext } from '../src/orders/purchase-order.mapper';

// ---------------------------------------------------------------------------------------------
// Options and constants

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const SEARCH_WINDOW_MS = 31 * DAY_MS; // the API's maximum (MAX_SEARCH_DAYS)
const KEY_ID = 'bench1';
const CLIENT_HANDLE = 'bench';
/** The statuses seeded line items cycle through; the search asks for `in-progress` (1 in 4). */
const SEEDED_STATUSES: readonly WorkflowStatus[] = [
  WorkflowStatus.NotStarted,
  WorkflowStatus.InProgress,
  WorkflowStatus.Completed,
  WorkflowStatus.Delivered,
];

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const APP_MAIN = path.join(REPO_ROOT, 'dist', 'src', 'main.js');
const APP_CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli.js');
const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

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
    throw new UsageError(message(err));
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

class UsageError extends Error {}

const log = (message: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
};

// ---------------------------------------------------------------------------------------------
// Clean-up: registered as resources are created, run in reverse order once (errors, Ctrl-C)

const cleanups: { name: string; fn: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;

function onCleanup(name: string, fn: () => Promise<void> | void): void {
  cleanups.push({ name, fn });
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { name, fn } of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`clean-up of ${name} failed: ${message(err)}`);
      }
    }
  })();
  return cleaning;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

// ---------------------------------------------------------------------------------------------
// Database

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new UsageError(`${what} must point at the local machine (loopback), not ${host}.`);
  }
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url, application_name: 'orders-bench' });
  await client.connect();
  return client;
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = await connect(adminUrl);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = await connect(adminUrl);
  try {
    // FORCE (PostgreSQL 13+) ends sessions still attached, e.g. after an interrupted seeding.
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The app and its CLI

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [APP_CLI, ...args],
      { env, cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`cli ${args.join(' ')} failed: ${err.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** JSON printed before the token line of `token create`. */
function parseTokenOutput(stdout: string): { id: string; token: string } {
  const lines = stdout.trimEnd().split('\n');
  const token = lines.pop()!.trim();
  const meta = JSON.parse(lines.join('\n')) as { id: string };
  return { id: meta.id, token };
}

interface App {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  output: string[];
  /** Set when the process ended; unexpected unless `stopping`. */
  exited?: string;
  stopping?: boolean;
}

/** Throws (with the app's last output) if the app is no longer running. */
function assertAlive(app: App): void {
  if (app.exited !== undefined) {
    throw new Error(`the app exited (${app.exited}):\n${app.output.slice(-40).join('\n')}`);
  }
}

function startApp(env: NodeJS.ProcessEnv, port: number): App {
  const child = spawn(process.execPath, [APP_MAIN], {
    env,
    cwd: REPO_ROOT,
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

async function stopApp(app: App): Promise<void> {
  const { child } = app;
  app.stopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitReady(app: App, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const agent = new http.Agent({ keepAlive: false });
  try {
    while (performance.now() - started < timeoutMs) {
      assertAlive(app);
      const res = await send(agent, app.baseUrl, { method: 'GET', path: '/health/ready' }).catch(
        () => undefined,
      );
      if (res?.status === 200) return performance.now() - started;
      await sleep(200);
    }
  } finally {
    agent.destroy();
  }
  throw new Error(`the app was not ready within ${timeoutMs} ms:\n${app.output.join('\n')}`);
}

/** Peak and current resident set size of a process, in MiB (Linux /proc). */
function memoryOf(pid: number): { peakMiB: number; rssMiB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string): number =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peakMiB: kib('VmHWM') / 1024, rssMiB: kib('VmRSS') / 1024 };
  } catch {
    return undefined;
  }
}

/** Busy and total CPU ticks of the whole machine (/proc/stat, all CPUs). */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const n = ticks.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - n[3] - (n[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/** CPU ticks (own + reaped children) and command name of every process (/proc/<pid>/stat). */
function processTicks(): Map<number, { ticks: number; comm: string }> {
  const result = new Map<number, { ticks: number; comm: string }>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return result;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' '); // fields[0] is field 3 (state)
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      result.set(Number(entry), { ticks, comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // the process ended meanwhile
    }
  }
  return result;
}

/**
 * Measures which share of the machine's CPU went to processes other than the bench, the app and
 * the PostgreSQL processes serving the bench database, while `fn` runs: anything else running
 * at the same time (tests, builds) skews the figures, and this makes it visible.
 */
async function withForeignCpu<T>(
  monitor: Client,
  dbName: string,
  appPid: number,
  fn: () => Promise<T>,
): Promise<{ result: T; foreign: number | undefined }> {
  const m0 = machineTicks();
  const p0 = processTicks();
  const result = await fn();
  const m1 = machineTicks();
  const p1 = processTicks();
  const otherDatabases = new Set(
    (
      await monitor.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname IS NOT NULL AND datname <> $1',
        [dbName],
      )
    ).rows.map((r) => r.pid),
  );
  if (!m0 || !m1 || m1.total === m0.total || p1.size === 0) return { result, foreign: undefined };
  let ours = 0;
  for (const [pid, { ticks, comm }] of p1) {
    const mine =
      pid === process.pid || pid === appPid || (comm === 'postgres' && !otherDatabases.has(pid)); // incl. the postmaster (reaped workers)
    if (mine) ours += ticks - (p0.get(pid)?.ticks ?? 0);
  }
  const foreign = Math.max(0, m1.busy - m0.busy - ours) / (m1.total - m0.total);
  return { result, foreign };
}

// ---------------------------------------------------------------------------------------------
// Seeding

interface SeedContext {
  clientId: string;
  tokenId: string;
  recipeSetIds: string[];
  cipher: FieldCipher;
  now: number;
  total: number;
  randomPlacement: boolean;
  /** The schema keeps the line items' distinct statuses on the order (purchase_order.workflow_statuses). */
  orderStatuses: boolean;
}

/**
 * One multi-row INSERT per chunk: columns travel as arrays (10 parameters, whatever the chunk size).
 * With `orderStatuses`, the order also gets its line items' statuses, as the app keeps them.
 */
const ordersSql = (orderStatuses: boolean): string => `INSERT INTO purchase_order (id, client_id,
    purchase_order_number, order_date, submitted_by, account_number, priority, fulfillment_type,
    personal_data, production_start_at, created_at, last_modified_at
    ${orderStatuses ? ', workflow_statuses' : ''})
  SELECT u.id, $1, u.num, u.od, $2, u.acct, 2, 'DirectToConsumer', u.pd, u.ps, u.od, u.lm
    ${orderStatuses ? ', ARRAY[u.st]::varchar(32)[]' : ''}
  FROM unnest($3::uuid[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::timestamptz[],
    $9::timestamptz[], $10::text[]) AS u(id, num, od, acct, pd, ps, lm, st)`;

const LINES_SQL = `INSERT INTO order_line_item (order_id, recipe_set_id, position, workflow_status, sku,
    quantity, unit_price, product_name, sku_quantities, last_modified_at)
  SELECT u.oid, u.rs, 0, u.st, u.sku, 1, 24.9, 'Custom T-shirt',
    jsonb_build_array(jsonb_build_object('sku', u.sku, 'quantity', 1)), u.lm
  FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[])
    AS u(oid, rs, st, sku, lm)`;

const FIRST = ['Jane', 'John', 'Ana', 'Li', 'Omar', 'Maria', 'Yuki', 'Ravi'];
const LAST = ['Doe', 'Smith', 'García', 'Chen', 'Haddad', 'Rossi', 'Tanaka', 'Patel'];
const CITIES = ['Springfield', 'Riverside', 'Fairview', 'Madison', 'Georgetown', 'Salem'];
const SKUS = ['TSHIRT-BLK-S', 'TSHIRT-BLK-M', 'TSHIRT-WHT-L', 'HOODIE-GRY-M', 'MUG-11OZ'];

function personalData(i: number): PersonalData {
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i >> 3) % LAST.length];
  const address = {
    firstName: first,
    lastName: last,
    address1: `${(i % 9000) + 100} Main St`,
    address2: i % 5 === 0 ? `Suite ${i % 300}` : null,
    city: CITIES[i % CITIES.length],
    state: 'IL',
    province: null,
    postalCode: String(60000 + (i % 9999)),
    country: 'US',
  };
  return {
    emailAddress: `${first}.${last}.${i}@example.com`.toLowerCase(),
    phoneNumber: `+1 555 ${String(i % 10_000_000).padStart(7, '0')}`,
    customerAddress: address,
    shippingAddress: i % 3 === 0 ? { ...address, address1: `${i % 700} Oak Ave` } : address,
  };
}

const seededOrderNumber = (i: number): string => `PO-${String(i).padStart(9, '0')}`;

function buildChunk(ctx: SeedContext, start: number, count: number) {
  const ids: string[] = [];
  const numbers: string[] = [];
  const orderDates: string[] = [];
  const accounts: string[] = [];
  const personal: string[] = [];
  const productionStarts: (string | null)[] = [];
  const modified: string[] = [];
  const recipeSets: string[] = [];
  const statuses: string[] = [];
  const skus: string[] = [];
  for (let i = start; i < start + count; i++) {
    const id = randomUUID();
    // Spread over the past year: in insertion order (as orders arrive), or at random.
    const age = ctx.randomPlacement ? Math.random() : 1 - (i + Math.random()) / ctx.total;
    const lastModified = ctx.now - Math.ceil(age * YEAR_MS);
    const orderDate = lastModified - (i % 72) * 3_600_000;
    const status = SEEDED_STATUSES[i % SEEDED_STATUSES.length];
    ids.push(id);
    numbers.push(seededOrderNumber(i));
    orderDates.push(new Date(orderDate).toISOString());
    accounts.push(`ACCT-${i % 5000}`);
    personal.push(ctx.cipher.encryptJson(personalData(i), personalDataContext(id)));
    productionStarts.push(
      status === WorkflowStatus.NotStarted ? null : new Date(orderDate + 3_600_000).toISOString(),
    );
    modified.push(new Date(lastModified).toISOString());
    recipeSets.push(ctx.recipeSetIds[i % ctx.recipeSetIds.length]);
    statuses.push(status);
    skus.push(SKUS[i % SKUS.length]);
  }
  return {
    orders: [
      ctx.clientId,
      ctx.tokenId,
      ids,
      numbers,
      orderDates,
      accounts,
      personal,
      productionStarts,
      modified,
      statuses,
    ],
    lines: [ids, recipeSets, statuses, skus, modified],
  };
}

/**
 * Inserts `total` orders (one line item each) in chunks: the next chunk is generated and
 * encrypted while PostgreSQL stores the previous ones (two connections, at most two chunks in
 * flight), so memory stays bounded by a few chunks.
 */
async function seedOrders(
  dbUrl: string,
  ctx: SeedContext,
  total: number,
  chunk: number,
): Promise<number> {
  const started = performance.now();
  const connections = await Promise.all([connect(dbUrl), connect(dbUrl)]);
  try {
    for (const c of connections) await c.query('SET synchronous_commit = off');
    const idle = [...connections];
    const inFlight = new Set<Promise<void>>();
    let failure: Error | undefined;
    let done = 0;
    let nextReport = 100_000;
    const store = async (
      connection: Client,
      rows: ReturnType<typeof buildChunk>,
      count: number,
    ) => {
      try {
        await connection.query(ordersSql(ctx.orderStatuses), rows.orders);
        await connection.query(LINES_SQL, rows.lines);
        done += count;
        if (done >= nextReport || done === total) {
          const s = (performance.now() - started) / 1000;
          log(`  seeded ${done.toLocaleString('en-US')} orders (${Math.round(done / s)}/s)`);
          nextReport += 100_000;
        }
      } catch (err) {
        failure ??= err instanceof Error ? err : new Error(String(err)); // reported by the loop below; never an unhandled rejection
      } finally {
        idle.push(connection);
      }
    };
    for (let start = 0; start < total && failure === undefined; start += chunk) {
      while (idle.length === 0) await Promise.race(inFlight);
      if (failure !== undefined) break;
      const count = Math.min(chunk, total - start);
      const rows = buildChunk(ctx, start, count);
      const job = store(idle.pop()!, rows, count);
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
      // Let the socket flush the query before generating the next chunk.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
  } finally {
    await Promise.all(connections.map((c) => c.end().catch(() => undefined)));
  }
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------
// HTTP load

interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Size of the response body. */
  bytes: number;
}

let token = '';

function send(
  agent: http.Agent,
  baseUrl: string,
  spec: RequestSpec,
  keepBody = false,
  timeoutMs = 120_000,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const url = new URL(spec.path, baseUrl);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (token) headers.SERVICE_API_TOKEN = token;
    let payload: Buffer | undefined;
    if (spec.body !== undefined) {
      payload = Buffer.from(spec.body, 'utf8');
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const req = http.request(
      { agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        const parts: Buffer[] = [];
        const status = res.statusCode ?? 0;
        const keep = keepBody || status < 200 || status >= 300;
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          if (keep) parts.push(d);
        });
        res.on('end', () =>
          resolve({
            status,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8'),
            bytes,
          }),
        );
        res.on('error', reject);
      },
    );
    req.method = spec.method;
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

interface Measurement {
  requests: number;
  errors: number;
  elapsedMs: number;
  latencies: number[];
  /** Response body bytes of the successful requests. */
  okBytes: number;
  firstError?: string;
  lastReply?: Reply;
}

/**
 * Runs `make` from `concurrency` loops over keep-alive connections until `durationMs` has passed
 * (or `maxRequests` requests were started); requests in flight at the deadline still count.
 */
async function load(
  app: App,
  make: () => RequestSpec,
  opts: { concurrency: number; durationMs?: number; maxRequests?: number; keepBody?: boolean },
): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  const m: Measurement = { requests: 0, errors: 0, elapsedMs: 0, latencies, okBytes: 0 };
  const started = performance.now();
  const deadline = opts.durationMs === undefined ? Infinity : started + opts.durationMs;
  let startedCount = 0;
  const worker = async (): Promise<void> => {
    while (
      performance.now() < deadline &&
      startedCount < (opts.maxRequests ?? Infinity) &&
      app.exited === undefined
    ) {
      startedCount++;
      const spec = make();
      const t0 = performance.now();
      try {
        const reply = await send(agent, app.baseUrl, spec, opts.keepBody);
        latencies.push(performance.now() - t0);
        m.requests++;
        if (reply.status < 200 || reply.status >= 300) {
          m.errors++;
          m.firstError ??= `${reply.status} ${reply.body.slice(0, 300)}`;
        } else {
          m.lastReply = reply;
          m.okBytes += reply.bytes;
        }
      } catch (err) {
        latencies.push(performance.now() - t0);
        m.requests++;
        m.errors++;
        m.firstError ??= message(err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  m.elapsedMs = performance.now() - started;
  assertAlive(app);
  return m;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Row {
  scenario: string;
  requestsPerS: number;
  ordersPerS?: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** Share of the machine's CPU used by unrelated processes during the measurement. */
  otherCpu?: number;
  /** Average body size of the successful responses, in bytes. */
  avgBytes: number;
}

function row(scenario: string, m: Measurement, ordersPerRequest?: number): Row {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const rps = m.requests / (m.elapsedMs / 1000);
  const okOrders = (m.requests - m.errors) * (ordersPerRequest ?? 0);
  if (m.firstError) log(`  ${scenario}: first error: ${m.firstError}`);
  return {
    scenario,
    requestsPerS: rps,
    ordersPerS: ordersPerRequest ? okOrders / (m.elapsedMs / 1000) : undefined,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requests: m.requests,
    errors: m.errors,
    avgBytes: m.requests > m.errors ? m.okBytes / (m.requests - m.errors) : NaN,
  };
}

/** "search: 31 days, … (c=8)" → "search (c=8)". */
const shortName = (scenario: string): string =>
  `${scenario.split(':')[0]} ${/\([^)]*\)$/.exec(scenario)?.[0] ?? ''}`.trim();

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

function acknowledgement(purchaseOrderNumber: string, recipeSet: string, i: number): unknown {
  const p = personalData(i);
  return {
    purchaseOrderNumber,
    orderDate: new Date().toISOString(),
    accountNumber: `ACCT-${i % 5000}`,
    emailAddress: p.emailAddress,
    phoneNumber: p.phoneNumber,
    priority: 2,
    fulfillmentType: 'DirectToConsumer',
    customerAddress: p.customerAddress,
    shippingAddress: p.shippingAddress,
    lineItems: [
      {
        recipeSetId: recipeSet,
        externalLineItemId: `LI-${i}`,
        productName: 'Custom T-shirt',
        unitPrice: 24.9,
        skuQuantities: [{ sku: SKUS[i % SKUS.length], quantity: 1 }],
      },
    ],
  };
}

function searchBody(now: number): string {
  const from = now - YEAR_MS + Math.floor(Math.random() * (YEAR_MS - SEARCH_WINDOW_MS));
  return JSON.stringify({
    lastModificationStartDate: new Date(from).toISOString(),
    lastModificationEndDate: new Date(from + SEARCH_WINDOW_MS).toISOString(),
    workflowStatuses: [WorkflowStatus.InProgress],
  });
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (n: number | undefined, digits = 1): string =>
  n === undefined || Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows: Row[], baseline: number): string {
  const lines = [
    '| scenario | requests/s | orders/s | p50 ms | p99 ms | errors | ratio to baseline |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.scenario} | ${fmt(r.requestsPerS)} | ${fmt(r.ordersPerS, 0)} | ${fmt(r.p50)} | ${fmt(
        r.p99,
      )} | ${r.errors} / ${r.requests} | ${fmt(r.requestsPerS / baseline, 3)} |`,
    );
  }
  return lines.join('\n');
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15).toLowerCase();
}

/** The commit the build came from, and whether src/ had uncommitted changes. */
function gitRevision(): Promise<string> {
  const git = (args: string[]): Promise<string> =>
    new Promise((resolve) =>
      execFile('git', args, { cwd: REPO_ROOT, timeout: 10_000 }, (err, stdout) =>
        resolve(err ? '' : stdout.trim()),
      ),
    );
  return Promise.all([
    git(['rev-parse', '--short', 'HEAD']),
    git(['status', '--porcelain', '--', 'src']),
  ]).then(([head, dirty]) =>
    head ? `commit ${head}${dirty ? ' with uncommitted changes in src/' : ''}` : 'unknown commit',
  );
}

/** Share of all CPUs busy (any process) over `ms`, from /proc/stat; undefined off Linux. */
async function cpuBusy(ms: number): Promise<number | undefined> {
  const sample = (): { idle: number; total: number } | undefined => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
      const ticks = fields.slice(1).map(Number);
      return { idle: ticks[3] + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const a = sample();
  await sleep(ms);
  const b = sample();
  if (!a || !b || b.total === a.total) return undefined;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}

/** When `npm run build` last completed (it writes dist/.build-stamp). */
function buildTime(): string {
  try {
    return statSync(path.join(REPO_ROOT, 'dist', '.build-stamp')).mtime.toISOString();
  } catch {
    return 'unknown';
  }
}

const percent = (share: number | undefined): string =>
  share === undefined ? '?' : `${Math.round(share * 100)}%`;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  assertLoopback(opts.adminUrl, 'BENCH_DATABASE_URL');
  if (!existsSync(APP_MAIN) || !existsSync(APP_CLI)) {
    throw new UsageError(`${APP_MAIN} is missing: run npm run build first.`);
  }
  const startedAt = new Date();
  // The figures are only meaningful on an otherwise idle machine: look before starting.
  const busyAtStart = await cpuBusy(2000);
  if ((busyAtStart ?? 0) > 0.15)
    log(`warning: ${percent(busyAtStart)} CPU busy before the start: other work skews the figures`);
  const runId = stamp(startedAt);
  const dbName = `pci_bench_${runId}`;
  const dbUrl = withDatabase(opts.adminUrl, dbName);
  const info: string[] = [];
  const note = (line: string): void => {
    info.push(line);
    log(line);
  };

  // 1. Database (the clean-up is registered first: DROP … IF EXISTS is harmless)
  onCleanup(`database ${dbName}`, async () => {
    await dropDatabase(opts.adminUrl, dbName);
    log(`dropped database ${dbName}`);
  });
  await createDatabase(opts.adminUrl, dbName);
  log(`created database ${dbName}`);
  const probe = await connect(dbUrl);
  const pgVersion = (await probe.query<{ server_version: string }>('SHOW server_version')).rows[0]
    .server_version;
  await probe.end();

  // 2. The app
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pci-bench-'));
  onCleanup('data dir', () => rmSync(dataDir, { recursive: true, force: true }));
  const keySpec = `${KEY_ID}:${randomBytes(32).toString('base64')}`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEYS: keySpec,
    DATA_DIR: dataDir,
  };
  delete env.REDIS_URL;
  const app = startApp(env, port);
  onCleanup('app', async () => {
    await stopApp(app);
    log('stopped the app');
  });
  const readyMs = await waitReady(app, 90_000);
  log(`app ready on ${app.baseUrl} (pid ${app.pid}) in ${Math.round(readyMs)} ms`);

  // 3. Client, User token, recipe sets (through the CLI)
  const client = JSON.parse(
    await runCli(['client', 'create', CLIENT_HANDLE, '--name', 'Benchmark'], env),
  ) as { id: string };
  const issued = parseTokenOutput(
    await runCli(['token', 'create', CLIENT_HANDLE, '--role', 'User', '--label', 'bench'], env),
  );
  token = issued.token;
  const recipeSets = JSON.parse(
    await runCli(['recipe-set', 'create', CLIENT_HANDLE, '--count', '1000'], env),
  ) as { readableId: string; uuid: string }[];
  log(`client ${CLIENT_HANDLE}, User token ${issued.id}, ${recipeSets.length} recipe sets`);

  // 4. Seed
  const now = Date.now();
  const cipher = new FieldCipher(KeyRing.parse(keySpec));
  const schema = await connect(dbUrl);
  const orderStatuses =
    (
      await schema.query(
        `SELECT 1 FROM information_schema.columns
         WHERE table_name = 'purchase_order' AND column_name = 'workflow_statuses'`,
      )
    ).rowCount === 1;
  await schema.end();
  log(
    `seeding ${opts.orders.toLocaleString('en-US')} orders in chunks of ${opts.chunk} ` +
      `(${opts.randomPlacement ? 'random' : 'chronological'} placement)…`,
  );
  const seedMs = await seedOrders(
    dbUrl,
    {
      clientId: client.id,
      tokenId: issued.id,
      recipeSetIds: recipeSets.map((r) => r.uuid),
      cipher,
      now,
      total: opts.orders,
      randomPlacement: opts.randomPlacement,
      orderStatuses,
    },
    opts.orders,
    opts.chunk,
  );
  const maintenance = await connect(dbUrl);
  const vacuumStarted = performance.now();
  await maintenance.query('VACUUM (ANALYZE) purchase_order, order_line_item, recipe_set');
  // Flush now rather than during a measurement; needs superuser or pg_checkpoint (PostgreSQL 15).
  await maintenance.query('CHECKPOINT').catch((err) => log(`CHECKPOINT skipped: ${message(err)}`));
  const vacuumMs = performance.now() - vacuumStarted;
  const dbSize = (
    await maintenance.query<{ size: string }>(
      'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
    )
  ).rows[0].size;
  await maintenance.end();
  note(
    `Seeded ${opts.orders.toLocaleString('en-US')} orders (1 line item each, ` +
      `${opts.randomPlacement ? 'random' : 'chronological'} placement) in ${fmt(seedMs / 1000)} s ` +
      `(${fmt(opts.orders / (seedMs / 1000), 0)} orders/s), then VACUUM (ANALYZE) + CHECKPOINT in ` +
      `${fmt(vacuumMs / 1000)} s; database size ${dbSize}.`,
  );

  // Sanity check: a seeded order reads back through the API (its personal data decrypts).
  const check = await load(
    app,
    () => ({
      method: 'GET',
      path: `/api/order/order-number/${seededOrderNumber(Math.floor(opts.orders / 2))}`,
    }),
    { concurrency: 1, maxRequests: 1, keepBody: true },
  );
  const checked = check.lastReply ? (JSON.parse(check.lastReply.body) as PersonalData) : undefined;
  if (check.errors > 0 || !checked?.emailAddress?.endsWith('@example.com')) {
    throw new Error(`a seeded order does not read back: ${check.firstError ?? 'no e-mail'}`);
  }
  // …and search finds exactly the seeded in-progress orders (1 in 4): if the app starts keeping
  // more state than the seeding writes, this fails instead of measuring empty searches.
  const yearSpec = (): RequestSpec => ({
    method: 'POST',
    path: '/api/orders/search',
    body: JSON.stringify({
      ignoreDateRestriction: true,
      lastModificationStartDate: new Date(now - YEAR_MS - DAY_MS).toISOString(),
      workflowStatuses: [WorkflowStatus.InProgress],
    }),
  });
  const counted = await load(app, yearSpec, { concurrency: 1, maxRequests: 1 });
  const slot = SEEDED_STATUSES.indexOf(WorkflowStatus.InProgress); // order i has status i % length
  const expected = Math.floor(
    (opts.orders - 1 - slot + SEEDED_STATUSES.length) / SEEDED_STATUSES.length,
  );
  const found = Number(counted.lastReply?.headers['x-total-count']);
  if (found !== expected) {
    throw new Error(
      `search finds ${found} seeded in-progress orders instead of ${expected}` +
        `${counted.firstError ? ` (${counted.firstError})` : ''}: the seeding in ` +
        'bench/orders-bench.ts no longer writes what the app expects (see the migrations).',
    );
  }

  // 5. Scenarios
  const busyBeforeScenarios = await cpuBusy(1000);
  const durationMs = opts.durationS * 1000;
  const warmupMs = opts.warmupS * 1000;
  const c = opts.concurrency;
  const rows: Row[] = [];
  let ackCounter = 0;
  const nextNumber = (): string => `ACK-${runId}-${++ackCounter}`;
  const readableIds = recipeSets.map((r) => r.readableId);
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
    () => {
      const n = ackCounter;
      return {
        method: 'POST',
        path: '/api/order/acknowledgement',
        body: JSON.stringify(acknowledgement(nextNumber(), pick(readableIds), n)),
      };
    },
    c,
    1,
  );

  const batchBody = (): string => {
    const orders: unknown[] = [];
    for (let i = 0; i < opts.batchSize; i++) {
      const n = ackCounter;
      orders.push(acknowledgement(nextNumber(), pick(readableIds), n));
    }
    return JSON.stringify(orders);
  };
  const batchSpec = (): RequestSpec => ({
    method: 'POST',
    path: '/api/order/acknowledgements',
    body: batchBody(),
  });
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

  const search = (): RequestSpec => ({
    method: 'POST',
    path: '/api/orders/search',
    body: searchBody(now),
  });
  await timed(`search: 31 days, in-progress, pageSize 500 (c=${c})`, search, c);
  await timed(`search: 31 days, in-progress, pageSize 500 (c=1)`, search, 1);

  const totals = await load(app, search, { concurrency: 1, maxRequests: 3 });
  const windowTotal = totals.lastReply?.headers['x-total-count'];

  log(`search over the whole year: ${opts.yearRuns} sequential runs…`);
  const yearMeasured = await measure(() =>
    load(app, yearSpec, { concurrency: 1, maxRequests: opts.yearRuns }),
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
    `- Date: ${startedAt.toISOString()}`,
    `- CPU: ${os.availableParallelism()} cores (nproc), ${os.cpus()[0]?.model ?? 'unknown'}; memory ${fmt(os.totalmem() / 2 ** 30)} GiB`,
    `- Node.js ${process.version}, PostgreSQL ${pgVersion}, ${os.type()} ${os.release()}`,
    `- Checkout: ${await gitRevision()}; last build (dist/.build-stamp): ${buildTime()}`,
    `- Command: node dist/bench/orders-bench.js --orders ${opts.orders} --duration ${opts.durationS} ` +
      `--concurrency ${c} --batches ${opts.batches} --batch-size ${opts.batchSize}` +
      (opts.randomPlacement ? ' --random-placement' : ''),
    `- Load generator, app (one Node.js process, default DATABASE_POOL_SIZE 10) and PostgreSQL share the machine.`,
    `- CPU busy (all processes) in the 2 s before the start: ${percent(busyAtStart)}; in the 1 s ` +
      `after seeding, before the first scenario: ${percent(busyBeforeScenarios)} ` +
      `(more than a few % means other work was running).`,
  ];
  const markdown = [
    `# Orders benchmark ${startedAt.toISOString()}`,
    '',
    ...machine,
    '',
    table(rows, baseline.requestsPerS),
    '',
    ...info.map((l) => `- ${l}`),
    '',
  ].join('\n');
  process.stdout.write(`\n${table(rows, baseline.requestsPerS)}\n\n${info.join('\n')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${runId}.md`);
  writeFileSync(file, markdown);
  log(`results written to ${path.relative(REPO_ROOT, file)}`);
}

let exitCode = 0;
let interruptedBy: NodeJS.Signals | undefined;
const interrupted = (signal: NodeJS.Signals): void => {
  interruptedBy = signal;
  log(`${signal}: cleaning up…`);
  void cleanup().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

main()
  .catch((err: unknown) => {
    exitCode = err instanceof UsageError ? 2 : 1;
    // After Ctrl-C, the errors of the work being torn down are expected.
    if (err instanceof UsageError) log(`${err.message} (see --help)`);
    else if (interruptedBy === undefined)
      log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  })
  .finally(() => {
    void cleanup().finally(() => process.exit(interruptedBy ? 130 : exitCode));
  });
