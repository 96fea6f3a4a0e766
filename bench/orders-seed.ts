/**
 * Seeding of the orders benchmark: orders with one line item each, written straight into
 * PostgreSQL with their personal data encrypted exactly as the app does, then VACUUM (ANALYZE)
 * and CHECKPOINT so that neither runs during the measurements.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { FieldCipher } from '../src/common/crypto/field-cipher';
import { KeyRing } from '../src/common/crypto/key-ring';
import { PersonalData, personalDataContext, WorkflowStatus } from '../src/orders';
import { connect } from './lib/database';
import { errorMessage } from './lib/errors';
import { log } from './lib/log';

export const DAY_MS = 86_400_000;
export const YEAR_MS = 365 * DAY_MS;

/** The statuses seeded line items cycle through; the search asks for `in-progress` (1 in 4). */
export const SEEDED_STATUSES: readonly WorkflowStatus[] = [
  WorkflowStatus.NotStarted,
  WorkflowStatus.InProgress,
  WorkflowStatus.Completed,
  WorkflowStatus.Delivered,
];

export const SKUS = ['TSHIRT-BLK-S', 'TSHIRT-BLK-M', 'TSHIRT-WHT-L', 'HOODIE-GRY-M', 'MUG-11OZ'];
const FIRST = ['Jane', 'John', 'Ana', 'Li', 'Omar', 'Maria', 'Yuki', 'Ravi'];
const LAST = ['Doe', 'Smith', 'García', 'Chen', 'Haddad', 'Rossi', 'Tanaka', 'Patel'];
const CITIES = ['Springfield', 'Riverside', 'Fairview', 'Madison', 'Georgetown', 'Salem'];

/** Realistic personal data of order `i` (e-mail, phone, two addresses), the same for the same i. */
export function personalData(i: number): PersonalData {
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

export const seededOrderNumber = (i: number): string => `PO-${String(i).padStart(9, '0')}`;

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
async function insertOrders(
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

export interface SeedOptions {
  clientId: string;
  tokenId: string;
  recipeSetIds: string[];
  /** The app's DATA_ENCRYPTION_KEYS. */
  keySpec: string;
  /** The end of the seeded year (epoch ms). */
  now: number;
  orders: number;
  /** Orders per INSERT. */
  chunk: number;
  randomPlacement: boolean;
}

export interface Seeded {
  seedMs: number;
  vacuumMs: number;
  /** pg_size_pretty of the database after seeding. */
  dbSize: string;
}

/** Seeds the orders, then VACUUM (ANALYZE) + CHECKPOINT (skipped without the privilege). */
export async function seedOrders(dbUrl: string, opts: SeedOptions): Promise<Seeded> {
  const cipher = new FieldCipher(KeyRing.parse(opts.keySpec));
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
  const seedMs = await insertOrders(
    dbUrl,
    {
      clientId: opts.clientId,
      tokenId: opts.tokenId,
      recipeSetIds: opts.recipeSetIds,
      cipher,
      now: opts.now,
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
  await maintenance
    .query('CHECKPOINT')
    .catch((err) => log(`CHECKPOINT skipped: ${errorMessage(err)}`));
  const vacuumMs = performance.now() - vacuumStarted;
  const dbSize = (
    await maintenance.query<{ size: string }>(
      'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
    )
  ).rows[0].size;
  await maintenance.end();
  return { seedMs, vacuumMs, dbSize };
}
