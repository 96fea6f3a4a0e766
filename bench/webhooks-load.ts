/**
 * The webhooks suite's app and the two paced loads (bench/webhooks-bench.ts): event written →
 * first delivery at idle, and a sustained fan-out with `/health/live` probed meanwhile.
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';
import { createClientWithToken, runCli } from './lib/app-cli';
import { App, startBenchApp } from './lib/app-process';
import { AppBuild } from './lib/build';
import { connect, createBenchDatabase } from './lib/database';
import { onCleanup } from './lib/cleanup';
import { log } from './lib/log';
import { acknowledgement } from './orders-requests';
import { percentile } from './render-target';
import {
  api,
  busyShare,
  cpuSeconds,
  machineTicks,
  metricsDelta,
  pendingAttempts,
  Receiver,
  WebhookMetrics,
  webhookMetrics,
} from './webhooks-receiver';

/** The app under test with what the loads need. */
export interface WebhooksTarget {
  app: App;
  dbName: string;
  pgVersion: string;
  /** A connection to the app's database (pending attempts, CPU attribution). */
  db: Client;
  tokens: { user: string; admin: string; serviceAdmin: string };
  /** Readable ids of demo bottles whose print files are made already. */
  recipeSets: string[];
  receiver: Receiver;
  runId: string;
}

async function issueToken(env: NodeJS.ProcessEnv, build: AppBuild, role: string): Promise<string> {
  const out = await runCli(['token', 'create', 'bench', '--role', role], env, build);
  return out.trimEnd().split('\n').pop()!.trim();
}

/**
 * A throw-away database, the app on it with job workers and loopback targets allowed, a client
 * with User, Admin and ServiceAdmin tokens, and `recipeSets` demo bottles acknowledged once with
 * their print files made: the acknowledgements measured then only queue print-file jobs that find
 * the files ready (a bottle's files take about 0.3 s, a tee's 2 s: they would take the cores).
 */
export async function prepareWebhooksTarget(
  build: AppBuild,
  adminUrl: string,
  redisUrl: string | undefined,
  runId: string,
  recipeSetCount: number,
): Promise<WebhooksTarget> {
  const { dbName, dbUrl, pgVersion } = await createBenchDatabase(adminUrl, runId);
  const { app, env } = await startBenchApp(build, dbUrl, redisUrl, [], {
    WORKERS: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
  const user = (await createClientWithToken(env, 'bench', build)).token;
  const tokens = {
    user,
    admin: await issueToken(env, build, 'Admin'),
    serviceAdmin: await issueToken(env, build, 'ServiceAdmin'),
  };
  const cli = ['recipe-set', 'create', 'bench', '--product', 'demo-bottle'];
  const created = JSON.parse(
    await runCli([...cli, '--count', String(recipeSetCount)], env, build),
  ) as { readableId: string }[];
  const recipeSets = created.map((r) => r.readableId);
  const db = await connect(dbUrl, 'webhooks-bench');
  onCleanup('monitor connection', () => db.end());
  const batch = recipeSets.map((rs, i) => acknowledgement(`PREP-${runId}-${i}`, rs, i));
  const ack = await api(app, user, 'POST', '/api/order/acknowledgements', batch);
  if (ack.status !== 200) throw new Error(`preparing acknowledgements: ${ack.status} ${ack.body}`);
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM print_file_set WHERE status = 'ready'`,
    );
    if (Number(rows[0].n) >= recipeSets.length) break;
    if (performance.now() - started > 300_000) throw new Error('print files not ready in 300 s');
    await sleep(250);
  }
  log(`${recipeSets.length} demo bottles with their print files ready`);
  const receiver = await Receiver.start();
  return { app, dbName, pgVersion, db, tokens, recipeSets, receiver, runId };
}

let endpointCounter = 0;

/** Endpoints: their ids in the app, and their receiver indexes (`/e/<n>`). */
export interface Endpoints {
  ids: string[];
  indexes: number[];
}

/** Creates `n` endpoints (POST /api/webhooks/endpoints, Admin) for `eventTypes` (all if omitted). */
export async function createEndpoints(
  t: WebhooksTarget,
  n: number,
  eventTypes?: string[],
): Promise<Endpoints> {
  const eps: Endpoints = { ids: [], indexes: [] };
  for (let i = 0; i < n; i++) {
    const index = endpointCounter++;
    const body = { url: t.receiver.url(index), eventTypes, description: `bench ${index}` };
    const r = await api(t.app, t.tokens.admin, 'POST', '/api/webhooks/endpoints', body);
    if (r.status !== 201) throw new Error(`creating an endpoint: ${r.status} ${r.body}`);
    const { id, secret } = (JSON.parse(r.body) as { data: { id: string; secret: string } }).data;
    t.receiver.setSecret(index, secret);
    eps.ids.push(id);
    eps.indexes.push(index);
  }
  return eps;
}

export async function deleteEndpoints(t: WebhooksTarget, eps: Endpoints): Promise<void> {
  for (const id of eps.ids) {
    const r = await api(t.app, t.tokens.admin, 'DELETE', `/api/webhooks/endpoints/${id}`);
    if (r.status !== 204) throw new Error(`deleting an endpoint: ${r.status} ${r.body}`);
  }
}

/** Acknowledges `po` (one line item on a prepared bottle): when the answer came, and its status. */
async function ack(t: WebhooksTarget, po: string, i: number, agent: http.Agent) {
  const body = acknowledgement(po, t.recipeSets[i % t.recipeSets.length], i);
  const sent = performance.now();
  const r = await api(
    t.app,
    t.tokens.user,
    'POST',
    '/api/order/acknowledgement',
    body,
    agent,
  ).catch((err: Error) => ({ status: 0, body: err.message }));
  return { po, sent, answered: performance.now(), status: r.status };
}

export interface IdleLatency {
  /** Ack answered → delivery arrived, every delivery (ms). */
  each: number[];
  /** Ack answered → the last of the event's deliveries (ms). */
  lastOfEvent: number[];
  ackMs: number[];
  errors: string[];
  metrics: WebhookMetrics;
  /** Share of the machine's CPU busy meanwhile (all processes). */
  machineBusy: number;
}

/**
 * `n` acknowledgements one at a time: each waits for its deliveries to every endpoint of `eps`
 * (10 s at most), then 100–300 ms at random, so that the workers are idle when the next comes.
 */
export async function idleLatency(t: WebhooksTarget, eps: Endpoints, n: number) {
  const before = await webhookMetrics(t.app, t.tokens.serviceAdmin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const machine0 = machineTicks();
  const result: IdleLatency = {
    each: [],
    lastOfEvent: [],
    ackMs: [],
    errors: [],
    metrics: before,
    machineBusy: NaN,
  };
  for (let i = 0; i < n; i++) {
    const a = await ack(t, `IDLE-${t.runId}-${i}`, i, agent);
    if (a.status !== 200) {
      result.errors.push(`acknowledgement ${a.po}: ${a.status}`);
      continue;
    }
    result.ackMs.push(a.answered - a.sent);
    const times = (): number[] => t.receiver.byOrder.get(a.po) ?? [];
    const all = await t.receiver.waitUntil(() => times().length >= eps.ids.length, 10_000);
    result.each.push(...times().map((at) => at - a.answered));
    if (all) result.lastOfEvent.push(Math.max(...times()) - a.answered);
    else result.errors.push(`${a.po}: ${times().length} of ${eps.ids.length} deliveries in 10 s`);
    await sleep(100 + Math.random() * 200);
  }
  agent.destroy();
  result.machineBusy = busyShare(machine0);
  result.metrics = metricsDelta(before, await webhookMetrics(t.app, t.tokens.serviceAdmin));
  return result;
}

/** GET /health/live one request after another, one every `intervalMs`, until `done()`. */
async function probeLive(app: App, intervalMs: number, done: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  let errors = 0;
  while (!done()) {
    const start = performance.now();
    const r = await api(app, '', 'GET', '/health/live', undefined, agent).catch(() => undefined);
    ms.push(performance.now() - start);
    if (r?.status !== 200) errors++;
    const wait = intervalMs - (performance.now() - start);
    if (wait > 0) await sleep(wait);
  }
  agent.destroy();
  return { ms, errors };
}

export interface FanOut {
  idleProbes: { ms: number[]; errors: number };
  probes: { ms: number[]; errors: number };
  acks: { po: string; sent: number; answered: number; status: number }[];
  /** Deliveries received per endpoint, and expected (one per acknowledgement answered 200). */
  received: number[];
  expected: number;
  /** Ack answered → delivery arrived, every delivery received (ms). */
  latencies: number[];
  /** p95 of the latencies of the acknowledgements sent in each 10-s window. */
  windowP95: number[];
  /** Deliveries not yet arrived when the last acknowledgement was answered. */
  behindAtEnd: number;
  /** From the last acknowledgement answered to the last delivery (ms); NaN if some never came. */
  drainMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Cores used on average while sending: the app, and this process (receiver and load). */
  appCores: number;
  benchCores: number;
  /** Share of the machine's CPU busy while sending (all processes). */
  machineBusy: number;
  metrics: WebhookMetrics;
}

/**
 * `perMinute` acknowledgements a minute, evenly spaced (open loop: each goes at its time whatever
 * the previous ones do), for `seconds`, each one `order.acknowledged` event to every endpoint of
 * `eps`; meanwhile, and for 10 s before as a baseline, GET /health/live every `probeMs`. Then
 * waits (2 minutes at most) for the deliveries still on their way.
 */
export async function fanOut(
  t: WebhooksTarget,
  eps: Endpoints,
  opts: { perMinute: number; seconds: number; probeMs: number },
): Promise<FanOut> {
  const idleUntil = performance.now() + 10_000;
  const idleProbes = await probeLive(t.app, opts.probeMs, () => performance.now() > idleUntil);
  const before = await webhookMetrics(t.app, t.tokens.serviceAdmin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const count = Math.round((opts.perMinute * opts.seconds) / 60);
  const interval = 60_000 / opts.perMinute;
  let sending = true;
  loop.enable();
  const cpu0 = { app: cpuSeconds(t.app.pid), bench: process.cpuUsage(), at: performance.now() };
  const machine0 = machineTicks();
  const probing = probeLive(t.app, opts.probeMs, () => !sending);
  const t0 = performance.now();
  const inFlight: ReturnType<typeof ack>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(ack(t, `FAN-${t.runId}-${i}`, i, agent));
  }
  const acks = await Promise.all(inFlight);
  sending = false;
  const wall = (performance.now() - cpu0.at) / 1000;
  const benchCpu = process.cpuUsage(cpu0.bench);
  const appCores = (cpuSeconds(t.app.pid) - cpu0.app) / wall;
  const machineBusy = busyShare(machine0);
  loop.disable();
  const probes = await probing;
  agent.destroy();
  const ok = acks.filter((a) => a.status === 200);
  const lastAnswer = Math.max(...acks.map((a) => a.answered));
  const expected = ok.length;
  const arrivedBy = (at: number): number =>
    ok.reduce((n, a) => n + (t.receiver.byOrder.get(a.po) ?? []).filter((x) => x <= at).length, 0);
  const behindAtEnd = expected * eps.ids.length - arrivedBy(lastAnswer);
  const all = await t.receiver.waitUntil(
    () => t.receiver.count(eps.indexes) >= expected * eps.ids.length,
    120_000,
  );
  for (let i = 0; i < 50 && (await pendingAttempts(t.db)) > 0; i++) await sleep(200);
  const latencies: number[] = [];
  const windows: number[][] = [];
  for (const a of ok) {
    const l = (t.receiver.byOrder.get(a.po) ?? []).map((at) => at - a.answered);
    latencies.push(...l);
    (windows[Math.floor((a.sent - t0) / 10_000)] ??= []).push(...l);
  }
  const mine = new Set(eps.indexes);
  const lastArrival = Math.max(
    ...t.receiver.arrivals.filter((a) => mine.has(a.endpoint)).map((a) => a.at),
  );
  return {
    idleProbes,
    probes,
    acks,
    received: eps.indexes.map((i) => t.receiver.count([i])),
    expected,
    latencies,
    windowP95: [...windows].map((w) => percentile(w ?? [], 95)),
    behindAtEnd,
    drainMs: all ? Math.max(0, lastArrival - lastAnswer) : NaN,
    // The histogram's values include its 10-ms sampling interval.
    loopDelayP99Ms: loop.percentile(99) / 1e6 - 10,
    loopDelayMaxMs: loop.max / 1e6 - 10,
    appCores,
    machineBusy,
    benchCores: (benchCpu.user + benchCpu.system) / 1e6 / wall,
    metrics: metricsDelta(before, await webhookMetrics(t.app, t.tokens.serviceAdmin)),
  };
}
