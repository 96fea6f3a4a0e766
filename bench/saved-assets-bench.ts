/**
 * The saved-assets suite of `npm run bench` (bench/README.md, "Saved-assets suite"): the list of
 * one organization's artwork library (10,000 saved assets, each with a production job, its result
 * and an output) in pages of 50, as latency at concurrency 1 and as throughput against the bare
 * NestJS app measured in the same repetition; and the query plans of the list's queries.
 *
 *   npm run bench -- saved-assets [--assets 10000 --page-size 50 --duration 10 --repeat 3]
 */
import { gzipSync } from 'node:zlib';
import { LIST_CACHE_TTL_MS, SORT_ORDERS } from '../src/saved-assets';
import {
  libraryPlans,
  ORGANIZATION,
  OTHER_ORGANIZATIONS,
  seedLibrary,
} from './saved-assets-library';
import { createClientWithToken } from './lib/app-cli';
import { startBenchApp, startHelloApp } from './lib/app-process';
import { currentBuild } from './lib/build';
import { assertLoopback, connect, createBenchDatabase } from './lib/database';
import { requestOnce, setApiToken } from './lib/http-client';
import { log } from './lib/log';
import { benchAdminUrl, parseIntOptions } from './lib/options';
import { measureRow } from './lib/measure';
import { benchRedis } from './lib/redis';
import { describeMachine, fmt, publishResults, stamp } from './lib/report';
import { Measured, newMeasured, range, table } from './lib/summary';
import { ensureWrk, WrkLoad } from './lib/wrk';

const CLIENT_HANDLE = 'bench';

interface Options {
  assets: number;
  pageSize: number;
  durationS: number;
  warmupS: number;
  repeat: number;
  concurrency: number;
  adminUrl: string;
}

const USAGE = `Usage: npm run bench -- saved-assets [options]
  --assets <n>        saved assets of the organization listed (default 10000; as many again in
                      each of 4 other organizations of the same client)
  --page-size <n>     items per page (default 50)
  --duration <s>      seconds of load per row and repetition (default 10)
  --warmup <s>        untimed load before each measured row (default 2)
  --repeat <n>        repetitions, reported as ranges (default 3)
  --concurrency <n>   connections of the throughput rows (default 32)
Environment: BENCH_DATABASE_URL, BENCH_REDIS_URL (as for the orders suite).`;

function parseOptions(argv: string[]): Options {
  const o = parseIntOptions(argv, USAGE, {
    assets: { fallback: 10_000, min: 1 },
    'page-size': { fallback: 50, min: 1 },
    duration: { fallback: 10, min: 1 },
    warmup: { fallback: 2, min: 0 },
    repeat: { fallback: 3, min: 1 },
    concurrency: { fallback: 32, min: 1 },
  });
  return {
    assets: o.assets,
    pageSize: o['page-size'],
    durationS: o.duration,
    warmupS: o.warmup,
    repeat: o.repeat,
    concurrency: o.concurrency,
    adminUrl: benchAdminUrl(),
  };
}

/** The saved-assets suite (bench/bench.ts). */
export async function savedAssetsBench(argv: string[]): Promise<void> {
  const opts = parseOptions(argv);
  assertLoopback(opts.adminUrl, 'BENCH_DATABASE_URL');
  const build = await currentBuild();
  const redis = await benchRedis();
  const wrkVersion = await ensureWrk();
  const startedAt = new Date();
  const runId = `${stamp(startedAt)}_saved_assets`;
  const { dbName, dbUrl, pgVersion } = await createBenchDatabase(opts.adminUrl, runId);
  const { app, env } = await startBenchApp(build, dbUrl, redis?.url, [], { WORKERS: 'false' });
  const issued = await createClientWithToken(env, CLIENT_HANDLE, build);
  setApiToken(issued.token);

  const db = await connect(dbUrl, 'saved-assets-bench');
  let planText: string[];
  try {
    const seeding = Date.now();
    await seedLibrary(db, issued.clientId, ORGANIZATION, opts.assets);
    for (const other of OTHER_ORGANIZATIONS)
      await seedLibrary(db, issued.clientId, other, opts.assets);
    await db.query('VACUUM (ANALYZE)');
    log(
      `seeded ${1 + OTHER_ORGANIZATIONS.length} × ${opts.assets} saved assets with jobs in ${fmt((Date.now() - seeding) / 1000)} s (${dbName})`,
    );
    planText = await libraryPlans(db, issued.clientId, opts);
  } finally {
    await db.end();
  }

  // Every page of the organization in every sort order, each request one of them at random.
  const list = `/api/assets/saved/client/${CLIENT_HANDLE}/organization/${ORGANIZATION}`;
  const pages = Math.ceil(opts.assets / opts.pageSize);
  const paths = SORT_ORDERS.flatMap((order) =>
    Array.from(
      { length: pages },
      (_, i) => `${list}?pageSize=${opts.pageSize}&page=${i + 1}&sortOrder=${order}`,
    ),
  );
  // A third of the assets have a job of printhaus: the filtered row asks for their pages only.
  const filteredPages = Math.max(1, Math.ceil(opts.assets / 3 / opts.pageSize));
  const filtered = SORT_ORDERS.flatMap((order) =>
    Array.from(
      { length: filteredPages },
      (_, i) =>
        `${list}?pageSize=${opts.pageSize}&page=${i + 1}&sortOrder=${order}&service=printhaus`,
    ),
  );
  const probe = await requestOnce(app.baseUrl, { method: 'GET', path: paths[0] });
  const body = JSON.parse(probe.body) as { paging: { totalRecords: number }; data: unknown[] };
  if (
    probe.status !== 200 ||
    body.paging.totalRecords !== opts.assets ||
    body.data.length !== Math.min(opts.pageSize, opts.assets)
  )
    throw new Error(`GET ${paths[0]}: ${probe.status} ${probe.body.slice(0, 300)}`);
  const pageBytes = Buffer.byteLength(probe.body);
  const pageKiB = pageBytes / 1024;
  const gzipKiB = gzipSync(probe.body, { level: 6 }).length / 1024;

  const bare = await startHelloApp();
  const c = opts.concurrency;
  // Pages of 41 to 60 assets at random: so many distinct pages that nearly every request misses
  // the list cache (LIST_CACHE_TTL_MS) and is read from the database.
  const size = opts.pageSize;
  const uncached = Array.from({ length: 2000 }, (_, i) => {
    const pageSize = Math.max(1, size - 9 + (i % 20));
    const page = 1 + Math.floor(Math.random() * Math.ceil(opts.assets / pageSize));
    return `${list}?pageSize=${pageSize}&page=${page}&sortOrder=${SORT_ORDERS[i % 4]}`;
  });
  const rows = {
    bare: newMeasured(`bare NestJS hello app: GET / (c=${c})`, 'bare'),
    bareBytes: newMeasured(
      `bare NestJS hello app: GET /bytes/${pageBytes}, the page's size (c=${c})`,
      'bare, page-sized',
    ),
    hot: newMeasured(`GET list, first page, polled (c=${c})`, 'first page'),
    hotGzip: newMeasured(`… the same, Accept-Encoding: gzip (c=${c})`, 'first page gzip'),
    one: newMeasured(`GET list, ${size} per page, any page and sort (c=1)`, 'list c=1'),
    many: newMeasured(`GET list, ${size} per page, any page and sort (c=${c})`, 'list'),
    gzip: newMeasured(`… the same, Accept-Encoding: gzip (c=${c})`, 'list gzip'),
    miss: newMeasured(
      `GET list, ${size - 9}–${size + 10} per page: cache misses (c=${c})`,
      'list uncached',
    ),
    filtered: newMeasured(`GET list with service=… (c=${c})`, 'list filtered'),
  };
  const gzip = { 'Accept-Encoding': 'gzip' };
  /** The polled page's requests/s over the bare app's sending as many bytes, per repetition. */
  const ofSameBytes: number[] = [];
  for (let rep = 1; rep <= opts.repeat; rep++) {
    log(`repetition ${rep} of ${opts.repeat}`);
    const bareLoad = { method: 'GET', path: '/', connections: c } as const;
    const bareRps = await measureRow(opts, bare, '', bareLoad, rows.bare);
    rows.bare.ratios.push(1);
    const bytesLoad = { method: 'GET', path: `/bytes/${pageBytes}`, connections: c } as const;
    const bareBytesRps = await measureRow(opts, bare, '', bytesLoad, rows.bareBytes);
    rows.bareBytes.ratios.push(bareBytesRps / bareRps);
    const load = (p: string[], connections: number, headers?: Record<string, string>) =>
      ({ method: 'GET', path: p[0], paths: p, connections, expectStatus: 200, headers }) as const;
    const ratio = async (row: Measured, l: Omit<WrkLoad, 'durationS'>) =>
      row.ratios.push((await measureRow(opts, app, issued.token, l, row)) / bareRps);
    await ratio(rows.hot, load(paths.slice(0, 1), c));
    ofSameBytes.push(rows.hot.ratios[rows.hot.ratios.length - 1] * (bareRps / bareBytesRps));
    await ratio(rows.hotGzip, load(paths.slice(0, 1), c, gzip));
    await ratio(rows.one, load(paths, 1));
    await ratio(rows.many, load(paths, c));
    await ratio(rows.gzip, load(paths, c, gzip));
    await ratio(rows.miss, load(uncached, c));
    await ratio(rows.filtered, load(filtered, c));
  }

  const machine = [
    ...(await describeMachine(startedAt, pgVersion)),
    `- Command: npm run bench -- saved-assets --assets ${opts.assets} --page-size ${opts.pageSize} ` +
      `--duration ${opts.durationS} --warmup ${opts.warmupS} --repeat ${opts.repeat} --concurrency ${c}`,
    `- Load generator: ${wrkVersion}; ${redis ? redis.description : 'no Redis'}; the app, wrk and PostgreSQL share the machine.`,
  ];
  publishResults(
    runId,
    `Saved-assets benchmark ${startedAt.toISOString()}`,
    machine,
    [
      `### List of an organization's saved assets\n\n${table(Object.values(rows))}`,
      '### Query plans',
      ...planText,
    ].join('\n\n'),
    [
      `The organization has ${opts.assets} saved assets (and ${OTHER_ORGANIZATIONS.length} other organizations of the same client as many each), each with one production job, its result and one output; a page of ${opts.pageSize} is about ${fmt(pageKiB, 0)} KiB of JSON.`,
      `Each request asks for one of the ${paths.length} pages (every page in each sort order: ${SORT_ORDERS.join(', ')}) at random; the filtered row adds service=printhaus (a third of the assets). Pages are kept encoded for ${LIST_CACHE_TTL_MS} ms (until their library changes), so these rows mix cache hits and misses; the uncached row asks for ${uncached.length} distinct page sizes and numbers.`,
      `Gzipped, a page of ${opts.pageSize} is ${fmt(gzipKiB, 1)} KiB.`,
      `The polled page as plain JSON against the bare app sending a body of the same size (GET /bytes/${pageBytes}) in the same repetition: ${range(ofSameBytes, 3)}×.`,
    ],
  );
}
