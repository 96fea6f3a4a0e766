/**
 * What the abuse suite measures while an attack runs: GET /health/live every 10 ms, and the
 * victim client's ordinary work one request after another (a 100-px render, a small upload, an
 * order read, an acknowledgement), each with its latencies and answers; the victim's background
 * work end to end (a `webhook.ping` from the request to its arrival at the victim's receiver, and
 * an order from its acknowledgement to its print files ready); the peak RSS of the API process and
 * of each worker process. A probe started before the window closes is waited for (up to its
 * deadline), so a stall shows as the latency of the probe that waited through it.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { memoryOf, resetPeakRss } from '../lib/app-process';
import { renderPath } from '../render-target';
import { Answer, call } from './http';
import { count, newTally, Tally } from './tally';
import { acknowledge, AbuseTarget, smallPng, upload } from './target';

export const PROBES = ['live', 'render', 'upload', 'order', 'ack', 'ping', 'print'] as const;
export type Probe = (typeof PROBES)[number];

export interface ProbeResults {
  tallies: Record<Probe, Tally>;
  /** The API process's RSS when the attack started, and its peak. */
  rssBeforeMiB?: number;
  peakRssMiB?: number;
  /** The same of each worker process (on PostgreSQL). */
  workers: { rssBeforeMiB?: number; peakRssMiB: number }[];
}

/** Watches one process's RSS from now: what it was, and the highest seen. */
class RssWatch {
  readonly beforeMiB: number | undefined;
  peakMiB: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    resetPeakRss(pid);
    this.beforeMiB = memoryOf(pid)?.rssMiB;
    this.peakMiB = this.beforeMiB ?? 0;
    this.timer = setInterval(() => this.sample(), 100);
  }

  /** Takes the process's peak so far (VmHWM) into account. */
  sample(): void {
    const m = memoryOf(this.pid);
    if (m) this.peakMiB = Math.max(this.peakMiB, m.rssMiB, m.peakMiB);
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}

/** Milliseconds between two victim requests (the liveness probe waits 10 ms). */
const VICTIM_PAUSE_MS = 100;
/** A victim request that takes longer counts as no answer. */
const PROBE_TIMEOUT_MS = 30_000;
/** Milliseconds between two print orders of the victim. */
const BACKGROUND_PAUSE_MS = 500;
/** Milliseconds between two pings: within WEBHOOK_PINGS_PER_MINUTE (10) of the victim's plan. */
const PING_PAUSE_MS = 6_500;
/** How often the print probe asks whether the print files are ready. */
const PRINT_POLL_MS = 250;
/** A ping not delivered, or print files not ready, after this long count as no answer. */
const BACKGROUND_TIMEOUT_MS = 60_000;

let sequence = 0;
/** The victim's recipe sets the print probe has ordered (each once: new print files each time). */
let printed = 0;

const noAnswer = (ms: number, error: string): Answer => ({
  status: 0,
  headers: {},
  body: '',
  bytes: 0,
  ms,
  error,
});

/** A `webhook.ping` to the victim's endpoint, from the request to its arrival. */
async function pingDelivered(target: AbuseTarget, agent: http.Agent): Promise<Answer> {
  const { victim, victimReceiver: receiver } = target;
  const before = receiver.pings;
  const started = performance.now();
  const sent = await target.as(victim, agent, {
    method: 'POST',
    path: `/api/webhooks/endpoints/${target.victimEndpoint}/test`,
    timeoutMs: PROBE_TIMEOUT_MS,
  });
  if (sent.status !== 202) return sent;
  const arrived = await receiver.arrivedAfter(before, BACKGROUND_TIMEOUT_MS);
  const ms = performance.now() - started;
  return arrived ? { ...sent, status: 200, ms } : noAnswer(ms, 'not delivered');
}

/** An order on a recipe set the victim never ordered, from its acknowledgement to 303. */
async function printReady(target: AbuseTarget, agent: http.Agent): Promise<Answer> {
  const { victim } = target;
  const sets = victim.recipeSets.slice(1);
  const set = sets[printed++ % sets.length];
  const started = performance.now();
  const ack = await acknowledge(target, victim, agent, `PRINT-${set}-${printed}`, set, {
    timeoutMs: PROBE_TIMEOUT_MS,
  });
  if (ack.status !== 200 && ack.status !== 201) return ack;
  for (;;) {
    const files = await target.as(victim, agent, {
      path: `/api/webtoprint/${set}`,
      headers: { accept: 'text/plain' },
      timeoutMs: PROBE_TIMEOUT_MS,
    });
    const ms = performance.now() - started;
    if (files.status !== 202) return { ...files, ms };
    if (ms > BACKGROUND_TIMEOUT_MS) return noAnswer(ms, 'print files not ready');
    await sleep(PRINT_POLL_MS);
  }
}

/** Whether the print probe ran out of new recipe sets (later print orders were of made files). */
export const printSetsReused = (target: AbuseTarget): boolean =>
  printed >= target.victim.recipeSets.length - 1;

/** Runs the probes until `stop` resolves; resolves with what they saw once every probe is back. */
export async function runProbes(target: AbuseTarget, stop: Promise<void>): Promise<ProbeResults> {
  const { app, victim } = target;
  const [set] = victim.recipeSets;
  const tallies = Object.fromEntries(PROBES.map((p) => [p, newTally()])) as Record<Probe, Tally>;
  let stopped = false;
  void stop.then(() => (stopped = true));
  const api = new RssWatch(app.pid);
  const workers = target.workers.map((w) => new RssWatch(w.pid));
  const uploadPng = await smallPng(7_000_000 + (sequence % 1000), 32);

  const loop = async (
    probe: Probe,
    pauseMs: number,
    once: (agent: http.Agent) => Promise<Answer>,
  ) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopped) {
        count(tallies[probe], await once(agent));
        await sleep(pauseMs);
      }
    } finally {
      agent.destroy();
    }
  };
  const t = { timeoutMs: PROBE_TIMEOUT_MS };
  try {
    await Promise.all([
      loop('live', 10, (agent) => target.as(victim, agent, { path: '/health/live', ...t })),
      loop('render', VICTIM_PAUSE_MS, (agent) =>
        target.as(victim, agent, { path: renderPath(set, 'north', 'width=100&format=jpeg'), ...t }),
      ),
      loop('upload', VICTIM_PAUSE_MS, (agent) =>
        upload(target, victim, agent, uploadPng, { organizationIdentifier: 'ORG-VICTIM' }, t),
      ),
      loop('order', VICTIM_PAUSE_MS, (agent) =>
        target.as(victim, agent, { path: `/api/order/order-number/${target.victimOrder}`, ...t }),
      ),
      loop('ack', VICTIM_PAUSE_MS, (agent) =>
        acknowledge(target, victim, agent, `${target.victimOrder}-${++sequence}`, set, t),
      ),
      loop('ping', PING_PAUSE_MS, (agent) => pingDelivered(target, agent)),
      loop('print', BACKGROUND_PAUSE_MS, (agent) => printReady(target, agent)),
    ]);
  } finally {
    api.stop();
    for (const w of workers) w.stop();
  }
  return {
    tallies,
    rssBeforeMiB: api.beforeMiB,
    peakRssMiB: api.peakMiB,
    workers: workers.map((w) => ({ rssBeforeMiB: w.beforeMiB, peakRssMiB: w.peakMiB })),
  };
}

/**
 * `seen`'s peaks raised to each process's peak so far (VmHWM, not reset since the attack began):
 * work the attack queued (a print job) may peak after the window, until the app is idle.
 */
export function peaksUntilNow(target: AbuseTarget, seen: ProbeResults): void {
  const peak = (pid: number, before: number): number =>
    Math.max(before, memoryOf(pid)?.peakMiB ?? 0);
  seen.peakRssMiB = peak(target.app.pid, seen.peakRssMiB ?? 0);
  target.workers.forEach((w, i) => {
    seen.workers[i].peakRssMiB = peak(w.pid, seen.workers[i].peakRssMiB);
  });
}

/** CPU seconds (user + system) the process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Waits until the app is idle (its processes together under 10 % of a core over 2 s: the
 * attack's work, jobs and worker threads included, has ended) and answers GET /health/live within
 * a second (on a crowded machine a stalled process gets little CPU too), or `maxS` seconds have
 * passed; returns the seconds waited and whether it settled.
 */
export async function settle(
  target: AbuseTarget,
  maxS: number,
): Promise<{ s: number; settled: boolean }> {
  const { baseUrl } = target.app;
  const pids = [target.app, ...target.workers].map((p) => p.pid);
  const cpu = (): number | undefined =>
    pids
      .map(cpuSeconds)
      .reduce((sum, s) => (sum === undefined || s === undefined ? undefined : sum + s), 0);
  const started = Date.now();
  const agent = new http.Agent({ keepAlive: false });
  let last = cpu();
  try {
    while (Date.now() - started < maxS * 1000) {
      await sleep(2000);
      const now = cpu();
      if (now === undefined || last === undefined) return { s: 0, settled: false };
      const idle = now - last < 0.2;
      last = now;
      if (!idle) continue;
      const live = await call(agent, baseUrl, { path: '/health/live', timeoutMs: 5000 });
      if (live.status === 200 && live.ms < 1000)
        return { s: (Date.now() - started) / 1000, settled: true };
      last = cpu();
    }
  } finally {
    agent.destroy();
  }
  return { s: maxS, settled: false };
}
