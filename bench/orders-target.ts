/**
 * One build of the API under test, ready to measure: its own throw-away database seeded with the
 * orders, the app started on it, a client with a User token, and the scenarios (wrk loads) that
 * run against it. With `--compare`, two of these run side by side in the same benchmark.
 */
import { createClientWithToken, runCli } from './lib/app-cli';
import { App, memoryOf, startBenchApp } from './lib/app-process';
import { AppBuild } from './lib/build';
import { createBenchDatabase } from './lib/database';
import { setApiToken } from './lib/http-client';
import { log } from './lib/log';
import { fmt } from './lib/report';
import { WrkLoad } from './lib/wrk';
import {
  acknowledgementBodies,
  checkSeededOrders,
  SEARCH_PATH,
  matchingSearchBodies,
  windowSearchBodies,
  yearSearchBody,
} from './orders-requests';
import { acknowledgementScript } from './orders-pgbench';
import { seededOrderNumber, seedOrders } from './orders-seed';

const CLIENT_HANDLE = 'bench';
/** The page size of the searches in the table ("returning 200 orders"). */
export const SEARCH_PAGE = 200;

export interface TargetOptions {
  orders: number;
  /** Recipe sets the orders' line items are spread over. */
  recipeSets: number;
  concurrency: number;
  batchSize: number;
  chunk: number;
  randomPlacement: boolean;
  adminUrl: string;
}

/** One row of the table: a wrk load against the API (or, for the first, the bare app). */
export interface Scenario {
  name: string;
  label: string;
  load: Omit<WrkLoad, 'durationS'>;
  /**
   * Instead of wrk against the app: this pgbench script against the build's database, with
   * `load.connections` clients (the database's own rate for a route's statements).
   */
  pgbench?: string;
}

export interface Target {
  build: AppBuild;
  app: App;
  token: string;
  dbName: string;
  dbUrl: string;
  pgVersion: string;
  scenarios: Scenario[];
  notes: string[];
  peakBeforeScenariosMiB?: number;
}

/** The bare app's row: the ceiling. */
export const bareScenario = (c: number): Scenario => ({
  name: `bare NestJS hello app: GET / (c=${c})`,
  label: 'bare',
  load: { method: 'GET', path: '/', connections: c },
});

/** The API's rows, in the order of the table, then the heavier ones. */
function apiScenarios(
  opts: TargetOptions,
  runId: string,
  readableIds: string[],
  now: number,
  ids: { clientId: string; tokenId: string },
): Scenario[] {
  const c = opts.concurrency;
  const windows = windowSearchBodies(now);
  const byNumber = Array.from(
    { length: 1000 },
    (_, i) => `/api/order/order-number/${seededOrderNumber(Math.floor((i * opts.orders) / 1000))}`,
  );
  const ackBodies = acknowledgementBodies(runId, readableIds);
  const search = (connections: number): Scenario => ({
    name: `POST /api/orders/search: 31 days, in-progress, pageSize ${SEARCH_PAGE} (c=${connections})`,
    label: `search (c=${connections})`,
    load: {
      method: 'POST',
      path: `${SEARCH_PATH}?pageSize=${SEARCH_PAGE}`,
      bodies: windows,
      connections,
    },
  });
  return [
    {
      name: `GET /health/live (c=${c})`,
      label: 'live',
      load: { method: 'GET', path: '/health/live', connections: c },
    },
    {
      name: `GET /api/clients/current, token only (c=${c})`,
      label: 'token only',
      load: { method: 'GET', path: '/api/clients/current', connections: c },
    },
    {
      name: `GET /api/order/order-number/{n} (c=${c})`,
      label: 'order by number',
      load: { method: 'GET', path: byNumber[0], paths: byNumber, connections: c },
    },
    {
      name: `POST /api/order/acknowledgement, unique numbers (c=${c})`,
      label: 'acknowledgement',
      load: {
        method: 'POST',
        path: '/api/order/acknowledgement',
        bodies: ackBodies,
        connections: c,
      },
    },
    {
      name: `pgbench: the acknowledgement's 8 statements, one transaction (c=${c})`,
      label: 'acknowledgement in pgbench',
      load: { method: 'POST', path: '/', connections: c },
      pgbench: acknowledgementScript({ ...ids, clientHandle: CLIENT_HANDLE, readableIds }),
    },
    {
      name: `POST /api/orders/search: ${SEARCH_PAGE} matching orders, in-progress (c=${c})`,
      label: `search ${SEARCH_PAGE}`,
      load: {
        method: 'POST',
        path: `${SEARCH_PATH}?pageSize=${SEARCH_PAGE}`,
        bodies: matchingSearchBodies(now, opts.orders, SEARCH_PAGE),
        connections: c,
      },
    },
    search(c),
    search(1),
    {
      name: `POST /api/order/acknowledgements, ${opts.batchSize} orders (c=1)`,
      label: 'batch',
      load: {
        method: 'POST',
        path: '/api/order/acknowledgements',
        bodies: ackBodies,
        batch: opts.batchSize,
        connections: 1,
      },
    },
    {
      name: 'POST /api/orders/search: whole year, in-progress, pageSize 500 (c=1)',
      label: 'search year (c=1)',
      load: { method: 'POST', path: SEARCH_PATH, bodies: [yearSearchBody(now)], connections: 1 },
    },
  ];
}

/**
 * Creates the build's database, starts it there, creates the client, token and the recipe sets
 * through its CLI, seeds the orders and checks them through its API.
 */
export async function prepareTarget(
  build: AppBuild,
  opts: TargetOptions,
  redisUrl: string | undefined,
  runId: string,
): Promise<Target> {
  const notes: string[] = [];
  const { dbName, dbUrl, pgVersion } = await createBenchDatabase(opts.adminUrl, runId);
  // The acknowledgements' print files are the print suite's to measure (print-bench.ts): here
  // they would take the cores from the routes measured.
  const { app, env, keySpec } = await startBenchApp(build, dbUrl, redisUrl, [], {
    WORKERS: 'false',
  });
  const issued = await createClientWithToken(env, CLIENT_HANDLE, build);
  const recipeSets = JSON.parse(
    await runCli(
      ['recipe-set', 'create', CLIENT_HANDLE, '--count', String(opts.recipeSets)],
      env,
      build,
    ),
  ) as { readableId: string; uuid: string }[];
  log(`client ${CLIENT_HANDLE}, User token ${issued.tokenId}, ${recipeSets.length} recipe sets`);
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
  notes.push(
    `Seeded ${opts.orders.toLocaleString('en-US')} orders (1 line item each, ` +
      `${opts.randomPlacement ? 'random' : 'chronological'} placement) in ${fmt(seeded.seedMs / 1000)} s, ` +
      `then VACUUM (ANALYZE) + CHECKPOINT in ${fmt(seeded.vacuumMs / 1000)} s; database size ${seeded.dbSize}.`,
  );
  setApiToken(issued.token);
  await checkSeededOrders(app, opts.orders, now);
  const scenarios = apiScenarios(
    opts,
    runId,
    recipeSets.map((r) => r.readableId),
    now,
    { clientId: issued.clientId, tokenId: issued.tokenId },
  );
  return {
    build,
    app,
    token: issued.token,
    dbName,
    dbUrl,
    pgVersion,
    scenarios,
    notes,
    peakBeforeScenariosMiB: memoryOf(app.pid)?.peakMiB,
  };
}
