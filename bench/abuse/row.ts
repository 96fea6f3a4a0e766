/** One Markdown row per attack of the abuse suite, and the issue's targets checked on it. */
import { fmt } from '../lib/report';
import { percentile } from '../render-target';
import { Attack } from './attacks';
import { Probe, ProbeResults } from './probes';
import { probeCell, statuses, Tally } from './tally';

/** The targets while an attack runs (issue 24's, with issue 38's background work and RSS). */
export const LIMITS = {
  liveP99Ms: 50,
  liveMaxMs: 100,
  victimP99Ms: 1000,
  pingMaxMs: 5000,
  printMaxMs: 10_000,
  rssMiB: 768,
  /** A worker process's size in docs/operations.md ("give a worker 1 GiB"). */
  workerRssMiB: 1024,
};

export const TARGETS =
  `Targets (issues 24 and 38): GET /health/live p99 < ${LIMITS.liveP99Ms} ms and max < ${LIMITS.liveMaxMs} ms; ` +
  `the victim's render, upload, order read and acknowledgement p99 < ${LIMITS.victimP99Ms} ms, each answered; ` +
  `the victim's webhook.ping delivered (request to arrival) in < ${LIMITS.pingMaxMs / 1000} s and its order's print files ready (acknowledgement to 303) in < ${LIMITS.printMaxMs / 1000} s, every one; ` +
  `the API process peak RSS < ${LIMITS.rssMiB} MiB (from the attack's start until the app is idle again) and, on PostgreSQL (an API process with WORKERS=false and worker processes, as deployed), each worker's < ${LIMITS.workerRssMiB} MiB; no 5xx other than 503 with Retry-After. Latency cells are p50 / p99 / max ms ` +
  '(answers other than 2xx/3xx in brackets, "none": no answer within 30 s, or 60 s for a ping or print files); the victim\'s probes run one request after another, 100 ms apart (print orders 500 ms apart, pings 6.5 s apart: within its 10 a minute).';

export const ABUSE_TABLE_HEAD = [
  '| attack | attack answers | GET /health/live (n) | victim 100-px render | victim upload | victim order read | victim acknowledgement | victim ping delivered | victim print files ready | RSS before → peak MiB (until idle) | 5xx: 503 + Retry-After / other | targets |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
].join('\n');

export interface AbuseRow {
  id: string;
  met: boolean;
  line: string;
}

/** Which targets `seen` missed (empty: all met). */
function missed(seen: ProbeResults, serverErrors: number): string[] {
  const out: string[] = [];
  const live = seen.tallies.live;
  const answered = (t: Tally) => (t.statuses['0'] ?? 0) === 0;
  if (
    !answered(live) ||
    percentile(live.ms, 99) >= LIMITS.liveP99Ms ||
    Math.max(...live.ms) >= LIMITS.liveMaxMs
  )
    out.push('live');
  for (const probe of ['render', 'upload', 'order', 'ack'] as const) {
    const t = seen.tallies[probe];
    if (t.ms.length === 0 || !answered(t) || percentile(t.ms, 99) >= LIMITS.victimP99Ms)
      out.push(probe);
  }
  const background = { ping: LIMITS.pingMaxMs, print: LIMITS.printMaxMs };
  for (const [probe, maxMs] of Object.entries(background) as [Probe, number][]) {
    const t = seen.tallies[probe];
    if (t.ms.length === 0 || !answered(t) || Math.max(...t.ms) >= maxMs) out.push(probe);
  }
  if ((seen.peakRssMiB ?? 0) >= LIMITS.rssMiB) out.push('RSS');
  if (seen.workers.some((w) => w.peakRssMiB >= LIMITS.workerRssMiB)) out.push('worker RSS');
  if (serverErrors > 0) out.push('5xx');
  return out;
}

export function abuseRow(
  attack: Attack,
  answers: Tally,
  seen: ProbeResults,
  settled: { s: number; settled: boolean },
): AbuseRow {
  const all = [answers, ...Object.values(seen.tallies)];
  const busy = all.reduce((n, t) => n + t.busyWithRetryAfter, 0);
  const other = all.reduce((n, t) => n + t.otherServerErrors, 0);
  const misses = missed(seen, other);
  const t = seen.tallies;
  const cells = [
    `${attack.id}: ${attack.title}`,
    statuses(answers),
    `${probeCell(t.live)} (${t.live.ms.length})`,
    probeCell(t.render),
    probeCell(t.upload),
    probeCell(t.order),
    probeCell(t.ack),
    probeCell(t.ping),
    probeCell(t.print),
    `${fmt(seen.rssBeforeMiB, 0)} → ${fmt(seen.peakRssMiB, 0)}` +
      (seen.workers.length === 0
        ? ''
        : ` (workers ${seen.workers.map((w) => `${fmt(w.rssBeforeMiB, 0)} → ${fmt(w.peakRssMiB, 0)}`).join(', ')})`),
    `${busy} / ${other}`,
    (misses.length === 0 ? 'met' : `missed: ${misses.join(', ')}`) +
      (settled.settled ? '' : ` (busy ${fmt(settled.s, 0)} s after)`),
  ];
  return { id: attack.id, met: misses.length === 0, line: `| ${cells.join(' | ')} |` };
}
