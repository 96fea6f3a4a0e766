/**
 * The webhooks suite of `npm run bench` (bench/README.md, "Webhooks suite"): what events and
 * their Standard Webhooks deliveries cost and how fast they go, on one app with job workers in
 * its process (WORKERS=true) and a receiver in this process (bench/webhooks-receiver.ts):
 *
 * 1. acknowledgement throughput (wrk) with every event delivered to 3 endpoints vs with no
 *    endpoint, alternated in the same run and repeated: the ratio (target ≥ 0.9);
 * 2. at idle, acknowledgement answered → delivery received, one acknowledgement at a time
 *    (target p95 < 2 s), with the service's webhook_first_attempt_delay_seconds;
 * 3. 1,000 events a minute to 3 endpoints for a minute, with GET /health/live probed meanwhile
 *    (target p99 < 50 ms): deliveries per endpoint, their latency and how far behind they end.
 *
 *   npm run bench -- webhooks [--duration 10 --repeat 3 --idle 200 --fanout 60]
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { compareBuild, currentBuild } from './lib/build';
import { cpuBusy, withForeignCpu } from './lib/cpu';
import { assertLoopback } from './lib/database';
import { UsageError } from './lib/errors';
import { log } from './lib/log';
import { benchAdminUrl, parseIntOptions } from './lib/options';
import { benchRedis } from './lib/redis';
import { describeMachine, fmt, percent, publishResults, stamp } from './lib/report';
import { requestsPerS } from './lib/summary';
import { attempted, ensureWrk, errorCount, runWrk, WrkLoad, WrkResult } from './lib/wrk';
import { acknowledgementBodies } from './orders-requests';
import { percentile } from './render-target';
import {
  createEndpoints,
  deleteEndpoints,
  fanOut,
  idleLatency,
  prepareWebhooksTarget,
  WebhooksTarget,
} from './webhooks-load';
import {
  bucketQuantile,
  cpuSeconds,
  outcomes,
  pendingAttempts,
  sampleSessions,
  Sessions,
} from './webhooks-receiver';

const USAGE = `Usage: npm run bench -- webhooks [options]
  --duration <s>      seconds of each throughput run (default 10)
  --repeat <n>        repetitions of the pair "no endpoint" / "endpoints", alternated (default 3)
  --warmup <s>        untimed load before each throughput run (default 2)
  --concurrency <n>   wrk connections of the throughput runs (default 32)
  --endpoints <n>     endpoints the events go to (default 3)
  --idle <n>          acknowledgements one at a time for the latency at idle (default 200)
  --rate <n>          events a minute of the sustained fan-out (default 1000)
  --fanout <s>        seconds of the sustained fan-out (default 60)
  --probe <ms>        interval of the GET /health/live probes (default 50)
  --recipe-sets <n>   demo bottles the acknowledgements name, print files made first (default 64)
  --compare <rev>     also run the throughput without endpoints on a git revision (built in a
                      temporary worktree) or a built checkout directory, e.g. one without events
Environment: BENCH_DATABASE_URL, BENCH_REDIS_URL (as for the orders suite).`;

type Options = ReturnType<typeof parseOptions>;

function parseOptions(argv: string[]) {
  const at = argv.indexOf('--compare');
  const compare = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && (compare === undefined || compare.startsWith('-')))
    throw new UsageError('--compare needs a git revision or a built checkout directory');
  const rest = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  const ints = parseIntOptions(rest, USAGE, {
    duration: { fallback: 10, min: 1 },
    repeat: { fallback: 3, min: 1 },
    warmup: { fallback: 2, min: 0 },
    concurrency: { fallback: 32, min: 1 },
    endpoints: { fallback: 3, min: 1 },
    idle: { fallback: 200, min: 1 },
    rate: { fallback: 1000, min: 1 },
    fanout: { fallback: 60, min: 1 },
    probe: { fallback: 50, min: 1 },
    'recipe-sets': { fallback: 64, min: 1 },
  });
  return { ...ints, compare };
}

/** One throughput run: wrk's figures, and with endpoints what the deliveries did. */
interface Run {
  wrk: WrkResult;
  appCores: number;
  busy?: number;
  foreign?: number;
  sessions: Sessions;
  deliveries?: { perS: number; pending: number; drainS: number; sent: number; got: number };
  failed?: number;
}

/** wrk's acknowledgements: one line item each, on one of the target's bottles at random. */
const ackLoad = (t: WebhooksTarget, o: Options, durationS: number): WrkLoad => ({
  method: 'POST',
  path: '/api/order/acknowledgement',
  bodies: acknowledgementBodies(t.runId, t.recipeSets),
  connections: o.concurrency,
  durationS,
});

/** Acknowledgements under wrk, with `endpoints` endpoints taking every event (0: none). */
async function throughputRun(
  t: WebhooksTarget,
  o: Options,
  endpoints: number,
  label = 'no endpoint',
): Promise<Run> {
  const eps = endpoints > 0 ? await createEndpoints(t, endpoints) : undefined;
  if (o.warmup > 0) await runWrk(t.app, t.tokens.user, ackLoad(t, o, o.warmup));
  const got0 = eps ? t.receiver.count(eps.indexes) : 0;
  const cpu0 = cpuSeconds(t.app.pid);
  const measured = await withForeignCpu(t.db, t.dbName, t.app.pid, () =>
    Promise.all([
      sampleSessions(t.db, runWrk(t.app, t.tokens.user, ackLoad(t, o, o.duration))),
      cpuBusy(o.duration * 1000),
    ]),
  );
  const [{ result: wrk, sessions }, busy] = measured.result;
  const appCores = (cpuSeconds(t.app.pid) - cpu0) / wrk.durationS;
  const run: Run = { wrk, appCores, busy, foreign: measured.foreign, sessions };
  const line = `${fmt(requestsPerS(wrk))} acks/s, p99 ${fmt(wrk.p99Ms)} ms, ${errorCount(wrk)} errors`;
  if (!eps) {
    log(`  ${label}: ${line}`);
    return run;
  }
  const perS = (t.receiver.count(eps.indexes) - got0) / wrk.durationS;
  const pending = await pendingAttempts(t.db);
  const drainStart = performance.now();
  while ((await pendingAttempts(t.db)) > 0 && performance.now() - drainStart < 600_000)
    await sleep(200);
  const drainS = (performance.now() - drainStart) / 1000;
  const { rows } = await t.db.query<{ sent: string; failed: string }>(
    `SELECT count(*) FILTER (WHERE attempt = 1) AS sent, count(*) FILTER (WHERE status = 'failed') AS failed
       FROM webhook_attempt WHERE endpoint_id = ANY($1)`,
    [eps.ids],
  );
  const sent = Number(rows[0].sent);
  await t.receiver.waitUntil(() => t.receiver.count(eps.indexes) >= sent, 5000);
  run.deliveries = { perS, pending, drainS, sent, got: t.receiver.count(eps.indexes) };
  run.failed = Number(rows[0].failed);
  await deleteEndpoints(t, eps);
  log(
    `  ${endpoints} endpoints: ${line}; ${fmt(perS)} deliveries/s received, ${pending} ` +
      `pending at the end, drained in ${fmt(drainS)} s`,
  );
  return run;
}

const list = (values: number[], digits = 1): string =>
  values.map((v) => fmt(v, digits)).join(' / ');
const pct = (values: number[]): string =>
  [50, 95, 99].map((p) => fmt(percentile(values, p), 1)).join(' | ') +
  ` | ${fmt(Math.max(...values), 1)}`;

/** The webhooks suite (bench/bench.ts). */
export async function webhooksBench(argv: string[]): Promise<void> {
  const o = parseOptions(argv);
  const adminUrl = benchAdminUrl();
  assertLoopback(adminUrl, 'BENCH_DATABASE_URL');
  const build = await currentBuild();
  const old = o.compare === undefined ? undefined : await compareBuild(o.compare);
  const redis = await benchRedis();
  const wrkVersion = await ensureWrk();
  const startedAt = new Date();
  const runId = `${stamp(startedAt)}_webhooks`;
  const busyAtStart = await cpuBusy(2000);
  const t = await prepareWebhooksTarget(build, adminUrl, redis?.url, runId, o['recipe-sets']);
  const b =
    old && (await prepareWebhooksTarget(old, adminUrl, redis?.url, `${runId}_b`, o['recipe-sets']));

  // 1. Throughput, alternated: N E | E N | N E …, each pair in the same minute.
  log(`throughput: ${o.repeat} × (no endpoint, ${o.endpoints} endpoints), ${o.duration} s each`);
  for (const x of b ? [b, t] : [t]) await runWrk(x.app, x.tokens.user, ackLoad(x, o, 5));
  const none: Run[] = [];
  const withEps: Run[] = [];
  const before: Run[] = [];
  for (let rep = 1; rep <= o.repeat; rep++) {
    log(`repetition ${rep} of ${o.repeat}`);
    const order = rep % 2 === 1 ? [-1, 0, o.endpoints] : [o.endpoints, 0, -1];
    for (const n of order) {
      if (n < 0) {
        if (b) before.push(await throughputRun(b, o, 0, `before (${old.label})`));
      } else (n === 0 ? none : withEps).push(await throughputRun(t, o, n));
    }
  }

  // 2. Latency at idle, and 3. the sustained fan-out, each to endpoints of their own.
  log(`latency at idle: ${o.idle} acknowledgements one at a time`);
  const idleEps = await createEndpoints(t, o.endpoints, ['order.acknowledged']);
  const { result: idle, foreign: idleForeign } = await withForeignCpu(
    t.db,
    t.dbName,
    t.app.pid,
    () => idleLatency(t, idleEps, o.idle),
  );
  await deleteEndpoints(t, idleEps);
  log(`fan-out: ${o.rate} events/min to ${o.endpoints} endpoints for ${o.fanout} s`);
  const fanEps = await createEndpoints(t, o.endpoints, ['order.acknowledged']);
  const { result: fan, foreign: fanForeign } = await withForeignCpu(t.db, t.dbName, t.app.pid, () =>
    fanOut(t, fanEps, { perMinute: o.rate, seconds: o.fanout, probeMs: o.probe }),
  );

  // Report
  const rps = (runs: Run[]) => runs.map((r) => requestsPerS(r.wrk));
  const ratios = withEps.map((r, i) => requestsPerS(r.wrk) / requestsPerS(none[i].wrk));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const ratio = mean(rps(withEps)) / mean(rps(none));
  const row = (name: string, runs: Run[]) => {
    const errors = runs.reduce((n, r) => n + errorCount(r.wrk), 0);
    const sent = runs.reduce((n, r) => n + attempted(r.wrk), 0);
    const s = (f: (x: Sessions) => number) => fmt(mean(runs.map((r) => f(r.sessions))));
    return (
      `| ${name} | ${list(rps(runs))} | ${list(runs.map((r) => r.wrk.p50Ms))} | ` +
      `${list(runs.map((r) => r.wrk.p99Ms))} | ${errors} / ${sent} | ` +
      `${list(
        runs.map((r) => r.appCores),
        2,
      )} | ${runs.map((r) => percent(r.busy)).join(' / ')} | ` +
      `${s((x) => x.busy)} / ${s((x) => x.onLock)} |`
    );
  };
  const throughput = [
    `| condition (c=${o.concurrency}) | acks/s | p50 ms | p99 ms | errors | app CPU cores | machine CPU busy | app DB sessions: busy / waiting for a lock |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('no endpoint', none),
    row(`${o.endpoints} endpoints, every event type`, withEps),
    ...(b ? [row(`before (${old.label}), no endpoint`, before)] : []),
  ].join('\n');
  const deliveries = [
    '| run with endpoints | deliveries needed/s (endpoints × acks/s) | received/s during the run | pending at its end | drained after s | deliveries/s while draining | received / sent | failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...withEps.map(({ deliveries: d, wrk, failed }, i) =>
      [
        `| repetition ${i + 1}`,
        fmt(requestsPerS(wrk) * o.endpoints, 0),
        fmt(d!.perS, 0),
        fmt(d!.pending, 0),
        fmt(d!.drainS),
        fmt(d!.pending / d!.drainS, 0),
        `${d!.got} / ${d!.sent}`,
        `${failed} |`,
      ].join(' | '),
    ),
  ].join('\n');
  const idleTable = [
    '| from → to | n | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    `| ack answered → delivery received, each endpoint | ${idle.each.length} | ${pct(idle.each)} |`,
    `| ack answered → the last of the event's ${o.endpoints} deliveries | ${idle.lastOfEvent.length} | ${pct(idle.lastOfEvent)} |`,
    `| the acknowledgement itself (sent → answered) | ${idle.ackMs.length} | ${pct(idle.ackMs)} |`,
    `| service: webhook_first_attempt_delay_seconds (event recorded → attempt started) | ${idle.metrics.firstDelayCount} | ${bucketQuantile(idle.metrics, 0.5)} | ${bucketQuantile(idle.metrics, 0.95)} | ${bucketQuantile(idle.metrics, 0.99)} | mean ${fmt((idle.metrics.firstDelaySum / idle.metrics.firstDelayCount) * 1000)} |`,
  ].join('\n');
  const ackMs = fan.acks.filter((a) => a.status === 200).map((a) => a.answered - a.sent);
  const ackErrors = fan.acks.filter((a) => a.status !== 200).length;
  const probeTable = [
    '| requests | n | p50 ms | p95 ms | p99 ms | max ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| GET /health/live, idle (10 s before) | ${fan.idleProbes.ms.length} | ${pct(fan.idleProbes.ms)} | ${fan.idleProbes.errors} |`,
    `| GET /health/live during the fan-out | ${fan.probes.ms.length} | ${pct(fan.probes.ms)} | ${fan.probes.errors} |`,
    `| POST /api/order/acknowledgement (${fmt(o.rate / 60)}/s) | ${fan.acks.length} | ${pct(ackMs)} | ${ackErrors} |`,
    `| ack answered → delivery received | ${fan.latencies.length} | ${pct(fan.latencies)} | — |`,
  ].join('\n');
  const fanTable = [
    '| deliveries expected per endpoint | received per endpoint | behind when the last ack was answered | drained after ms | duplicates | bad signatures |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${fan.expected} | ${fan.received.join(' / ')} | ${fan.behindAtEnd} | ${fmt(fan.drainMs, 0)} | ${t.receiver.duplicates} | ${t.receiver.badSignatures} |`,
  ].join('\n');
  const p95Idle = percentile(idle.each, 95);
  const p99Live = percentile(fan.probes.ms, 99);
  const targets = [
    '| target | measured | met? |',
    '|---|---|---|',
    `| acks/s with events to ${o.endpoints} endpoints ≥ 0.9 × with none | ${fmt(ratio, 2)} (per repetition ${list(ratios, 2)}) | ${ratio >= 0.9 ? 'yes' : 'no'} |`,
    `| event → first delivery at idle: p95 < 2 s | p95 ${fmt(p95Idle, 0)} ms | ${p95Idle < 2000 ? 'yes' : 'no'} |`,
    `| ${o.rate} events/min to ${o.endpoints} endpoints: /health/live p99 < 50 ms | p99 ${fmt(p99Live)} ms | ${p99Live < 50 ? 'yes' : 'no'} |`,
  ].join('\n');
  const info = [
    `Throughput: ${o.repeat} repetitions of ${o.duration} s (after ${o.warmup} s of warm-up each), alternated (no endpoint first in odd repetitions); values per repetition in order, sessions averaged (sampled every 250 ms). Each run's deliveries are awaited before the next run.`,
    `Statement most often waiting for a lock: no endpoint ${none[0].sessions.topWait}; with endpoints ${withEps[0].sessions.topWait} (first repetition).`,
    ...(b
      ? [
          `Before (${old.label}, its own database): no endpoint ÷ before ${fmt(mean(rps(none)) / mean(rps(before)), 2)} (per repetition ${list(
            none.map((r, i) => requestsPerS(r.wrk) / requestsPerS(before[i].wrk)),
            2,
          )}).`,
        ]
      : []),
    `CPU of unrelated processes: throughput runs without endpoint ${none.map((r) => percent(r.foreign)).join('/')}, with endpoints ${withEps.map((r) => percent(r.foreign)).join('/')}; latency at idle ${percent(idleForeign)}; fan-out ${percent(fanForeign)}.`,
    `Idle: ${o.idle} acknowledgements, each after the previous one's deliveries plus 100–300 ms; machine CPU busy ${percent(idle.machineBusy)}; attempts ${outcomes(idle.metrics)}; ${idle.errors.length} errors${idle.errors.length ? ` (${idle.errors.slice(0, 3).join('; ')})` : ''}.`,
    `Fan-out: ${fan.acks.length} acknowledgements over ${o.fanout} s, evenly spaced (open loop), to ${o.endpoints} endpoints taking order.acknowledged; /health/live every ${o.probe} ms, one at a time. Delivery latency p95 per 10-s window of sending: ${list(fan.windowP95, 0)} ms. Attempts ${outcomes(fan.metrics)}.`,
    `Fan-out CPU: machine ${percent(fan.machineBusy)} busy (all processes); the app ${fmt(fan.appCores, 2)} cores, this process (receiver, acknowledgements, probes) ${fmt(fan.benchCores, 2)} cores; this process's event-loop delay p99 ${fmt(fan.loopDelayP99Ms)} ms, max ${fmt(fan.loopDelayMaxMs)} ms.`,
  ];
  publishResults(
    runId,
    `Webhooks benchmark ${startedAt.toISOString()}`,
    [
      ...(await describeMachine(startedAt, t.pgVersion)),
      `- Command: npm run bench -- webhooks ${Object.entries(o)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `--${name} ${value}`)
        .join(' ')}`,
      `- Load generator: ${wrkVersion}; ${redis ? redis.description : 'no Redis'}; the app (WORKERS=true, WEBHOOK_ALLOW_PRIVATE_TARGETS=true), wrk, PostgreSQL and this process (receiver) share the machine.`,
      `- CPU busy (all processes) in the 2 s before the start: ${percent(busyAtStart)}.`,
    ],
    [
      `### Acknowledgement throughput: events to ${o.endpoints} endpoints vs none\n\n${throughput}\n\n${deliveries}`,
      `### Event written → first delivery, at idle\n\n${idleTable}`,
      `### Sustained fan-out: ${o.rate} events/min to ${o.endpoints} endpoints for ${o.fanout} s\n\n${probeTable}\n\n${fanTable}`,
      `### Targets\n\n${targets}`,
    ].join('\n\n'),
    info,
  );
}
