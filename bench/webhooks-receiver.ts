/**
 * What the webhooks suite (bench/webhooks-bench.ts) talks to besides wrk: the webhook receiver in
 * the benchmark's own process, single API calls with a given token, the app's webhook_* metrics
 * read from /metrics, its database sessions and its CPU time.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';
import { signWebhook } from '../src/common/crypto/standard-webhooks';
import { App } from './lib/app-process';
import { onCleanup } from './lib/cleanup';

/** One delivery as it reached the receiver. */
export interface Arrival {
  /** The receiver path's index (`/e/<n>`): which endpoint it was sent to. */
  endpoint: number;
  /** performance.now() when the whole request had arrived. */
  at: number;
  type: string;
  webhookId: string;
  purchaseOrderNumber?: string;
}

/**
 * A webhook receiver on 127.0.0.1: every endpoint of the suite is `<url>/e/<n>`. It answers 204
 * as soon as a request has arrived, then records its arrival time and parsed event, counts
 * duplicates (a webhook-id seen twice at one endpoint) and checks the signature with the secret
 * the endpoint was created with.
 */
export class Receiver {
  readonly arrivals: Arrival[] = [];
  /** Arrival times per purchase order number (its order.acknowledged deliveries). */
  readonly byOrder = new Map<string, number[]>();
  duplicates = 0;
  badSignatures = 0;
  private readonly secrets = new Map<number, string>();
  private readonly seen = new Set<string>();
  private waiters: (() => void)[] = [];

  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(204).end();
      this.record(req, Buffer.concat(chunks).toString('utf8'), at);
    });
  });
  private origin = '';

  private constructor() {}

  /** Starts a receiver on a free loopback port; it is closed at clean-up. */
  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    const { server } = receiver;
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    onCleanup('webhook receiver', () => receiver.close());
    return receiver;
  }

  url(endpoint: number): string {
    return `${this.origin}/e/${endpoint}`;
  }

  /** The signing secret of endpoint `n` (from its creation), to check its deliveries. */
  setSecret(endpoint: number, secret: string): void {
    this.secrets.set(endpoint, secret);
  }

  /** Deliveries that reached the endpoints `endpoints` so far. */
  count(endpoints: readonly number[]): number {
    const set = new Set(endpoints);
    return this.arrivals.reduce((n, a) => n + (set.has(a.endpoint) ? 1 : 0), 0);
  }

  /** Resolves true once `predicate` holds (checked at every arrival), false after `timeoutMs`. */
  waitUntil(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
    if (predicate()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(false);
      }, timeoutMs);
      const check = (): void => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(true);
      };
      this.waiters.push(check);
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private record(req: http.IncomingMessage, body: string, at: number): void {
    const endpoint = Number(/^\/e\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    const webhookId = String(req.headers['webhook-id'] ?? '');
    const secret = this.secrets.get(endpoint);
    const timestamp = Number(req.headers['webhook-timestamp']);
    const signatures = String(req.headers['webhook-signature'] ?? '').split(' ');
    if (!secret || !signatures.includes(signWebhook([secret], webhookId, timestamp, body)))
      this.badSignatures++;
    const key = `${endpoint}|${webhookId}`;
    if (this.seen.has(key)) this.duplicates++;
    this.seen.add(key);
    let event: { type?: string; data?: { purchaseOrderNumber?: string } } = {};
    try {
      event = JSON.parse(body) as typeof event;
    } catch {
      // counted as an arrival of an unknown type
    }
    const po = event.data?.purchaseOrderNumber;
    this.arrivals.push({
      endpoint,
      at,
      type: event.type ?? '?',
      webhookId,
      purchaseOrderNumber: po,
    });
    if (po && event.type === 'order.acknowledged') {
      const times = this.byOrder.get(po) ?? [];
      times.push(at);
      this.byOrder.set(po, times);
    }
    for (const w of [...this.waiters]) w();
  }
}

/** One answer of the app: status and body. */
export interface ApiReply {
  status: number;
  body: string;
}

/** One request to the app with `token` as SERVICE_API_TOKEN, over `agent` (keep-alive or not). */
export function api(
  app: App,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  agent?: http.Agent,
): Promise<ApiReply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json, text/plain' };
    if (token) headers.SERVICE_API_TOKEN = token;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const url = new URL(path, app.baseUrl);
    const req = http.request(
      {
        agent,
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The app's webhook metrics at one moment (this process's counters since it started). */
export interface WebhookMetrics {
  /** webhook_first_attempt_delay_seconds: cumulative count per bucket bound `le` (s). */
  firstDelay: Map<number, number>;
  firstDelayCount: number;
  firstDelaySum: number;
  /** webhook_attempts_total by outcome. */
  attempts: Map<string, number>;
}

/** Reads /metrics (ServiceAdmin token) and picks the webhook_* series. */
export async function webhookMetrics(app: App, token: string): Promise<WebhookMetrics> {
  const reply = await api(app, token, 'GET', '/metrics');
  if (reply.status !== 200)
    throw new Error(`/metrics: ${reply.status} ${reply.body.slice(0, 200)}`);
  const m: WebhookMetrics = {
    firstDelay: new Map(),
    firstDelayCount: 0,
    firstDelaySum: 0,
    attempts: new Map(),
  };
  for (const line of reply.body.split('\n')) {
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    const bucket = /^webhook_first_attempt_delay_seconds_bucket\{.*le="([^"]+)"/.exec(line);
    if (bucket) m.firstDelay.set(bucket[1] === '+Inf' ? Infinity : Number(bucket[1]), value);
    else if (line.startsWith('webhook_first_attempt_delay_seconds_count'))
      m.firstDelayCount = value;
    else if (line.startsWith('webhook_first_attempt_delay_seconds_sum')) m.firstDelaySum = value;
    const outcome = /^webhook_attempts_total\{.*outcome="([^"]+)"/.exec(line);
    if (outcome) m.attempts.set(outcome[1], value);
  }
  return m;
}

/** What happened between two readings: `after` minus `before`, series by series. */
export function metricsDelta(before: WebhookMetrics, after: WebhookMetrics): WebhookMetrics {
  const minus = <K>(a: Map<K, number>, b: Map<K, number>) =>
    new Map([...a].map(([k, v]) => [k, v - (b.get(k) ?? 0)]));
  return {
    firstDelay: minus(after.firstDelay, before.firstDelay),
    firstDelayCount: after.firstDelayCount - before.firstDelayCount,
    firstDelaySum: after.firstDelaySum - before.firstDelaySum,
    attempts: minus(after.attempts, before.attempts),
  };
}

/** The histogram's q-quantile as "≤ <bucket bound> s" (the bound its cumulative count reaches). */
export function bucketQuantile(m: WebhookMetrics, q: number): string {
  if (m.firstDelayCount === 0) return '—';
  const bounds = [...m.firstDelay.keys()].sort((a, b) => a - b);
  const bound = bounds.find((le) => (m.firstDelay.get(le) ?? 0) >= q * m.firstDelayCount);
  return bound === undefined || bound === Infinity ? '> largest bucket' : `≤ ${bound} s`;
}

/** "succeeded 600, retried 0" for the outcomes with a count. */
export const outcomes = (m: WebhookMetrics): string =>
  [...m.attempts]
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

/** CPU seconds a process has used (/proc/<pid>/stat utime + stime; USER_HZ 100 on Linux). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Busy and total CPU ticks of the whole machine so far (/proc/stat, all CPUs). */
export function machineTicks(): { busy: number; total: number } {
  const n = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const ticks = n.map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - ticks[3] - ticks[4], total };
}

/** Share of the machine's CPU busy (any process) between two `machineTicks()`. */
export const busyShare = (a: ReturnType<typeof machineTicks>): number => {
  const b = machineTicks();
  return (b.busy - a.busy) / (b.total - a.total);
};

/** Delivery attempts still pending (all endpoints), in the app's database. */
export async function pendingAttempts(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM webhook_attempt WHERE status = 'pending'`,
  );
  return Number(rows[0].n);
}

/** The app's database sessions while some work ran, averaged over samples 250 ms apart. */
export interface Sessions {
  /** In a statement or a transaction. */
  busy: number;
  /** Waiting for a lock (a row another transaction holds until it commits). */
  onLock: number;
  /** The statement most often waiting for a lock (its start), and its share of those waits. */
  topWait: string;
}

/** Samples the app's sessions in `db` (pg_stat_activity) until `work` settles. */
export async function sampleSessions<T>(
  db: Client,
  work: Promise<T>,
): Promise<{ result: T; sessions: Sessions }> {
  let done = false;
  const settled = work.finally(() => (done = true));
  let samples = 0;
  let busy = 0;
  const waits = new Map<string, number>();
  while (!done) {
    const { rows } = await db.query<{ state: string; wait: string | null; q: string }>(
      `SELECT state, wait_event_type AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 48) AS q
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    samples++;
    for (const r of rows) {
      if (r.state !== 'idle') busy++;
      if (r.wait === 'Lock') waits.set(r.q, (waits.get(r.q) ?? 0) + 1);
    }
    await sleep(250);
  }
  const onLock = [...waits.values()].reduce((a, b) => a + b, 0);
  const [top, n] = [...waits].sort((a, b) => b[1] - a[1])[0] ?? ['—', 0];
  return {
    result: await settled,
    sessions: {
      busy: busy / samples,
      onLock: onLock / samples,
      topWait: n ? `${top}… (${Math.round((100 * n) / onLock)}%)` : '—',
    },
  };
}
