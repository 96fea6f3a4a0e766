/** What the abuse suite counts of a stream of answers: latencies, statuses and the 5xx kinds. */
import { fmt } from '../lib/report';
import { percentile } from '../render-target';
import { Answer } from './http';

export interface Tally {
  ms: number[];
  /** Answers by status ("0" for no answer, with `errors` giving why). */
  statuses: Record<string, number>;
  errors: Record<string, number>;
  /** 503 with a Retry-After header: the refusal for load the issue allows. */
  busyWithRetryAfter: number;
  /** Any other 5xx (a 503 without Retry-After included): a failure. */
  otherServerErrors: number;
}

export const newTally = (): Tally => ({
  ms: [],
  statuses: {},
  errors: {},
  busyWithRetryAfter: 0,
  otherServerErrors: 0,
});

export function count(tally: Tally, answer: Answer): void {
  tally.ms.push(answer.ms);
  tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
  if (answer.error) tally.errors[answer.error] = (tally.errors[answer.error] ?? 0) + 1;
  if (answer.status === 503 && answer.headers['retry-after'] !== undefined)
    tally.busyWithRetryAfter++;
  else if (answer.status >= 500) tally.otherServerErrors++;
}

/** "p50 / p99 / max" in ms, or "—" when nothing answered. */
export const latencies = (t: Tally): string =>
  t.ms.length === 0
    ? '—'
    : `${fmt(percentile(t.ms, 50), 0)} / ${fmt(percentile(t.ms, 99), 0)} / ${fmt(Math.max(...t.ms), 0)}`;

/** "12 × 200, 1 × 0 (timeout)" */
export const statuses = (t: Tally): string =>
  Object.entries(t.statuses)
    .map(([s, n]) =>
      s === '0' ? `${n} × no answer (${Object.keys(t.errors).join(', ')})` : `${n} × ${s}`,
    )
    .join(', ') || 'none';

/** A probe's cell: latencies, then the answers that were not 2xx/3xx. */
export function probeCell(t: Tally): string {
  const bad = Object.entries(t.statuses).filter(([s]) => !/^[23]/.test(s));
  const note =
    bad.length === 0
      ? ''
      : ` (${bad.map(([s, n]) => `${n}×${s === '0' ? 'none' : s}`).join(', ')})`;
  return `${latencies(t)}${note}`;
}
