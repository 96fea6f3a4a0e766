/**
 * The repeated wrk runs of each scenario, summed up as one table row: ranges over the repetitions
 * (min–max), and every route's requests/s as a ratio to the bare NestJS app's in the same
 * repetition, the figure that stays comparable when the machine is shared.
 */
import { fmt } from './report';
import { attempted, errorCount, WrkResult } from './wrk';

export interface Measured {
  /** The route and load, e.g. "GET /health/live (c=32)". */
  name: string;
  /** A short name for the notes, e.g. "live". */
  label: string;
  runs: WrkResult[];
  /** requests/s divided by the bare app's in the same repetition. */
  ratios: number[];
  /** Peak RSS of the process under load during each run (warm-up included), MiB. */
  peakMiB: number[];
  /** Share of the machine's CPU used by unrelated processes during each run. */
  otherCpu: number[];
}

export const newMeasured = (name: string, label: string): Measured => ({
  name,
  label,
  runs: [],
  ratios: [],
  peakMiB: [],
  otherCpu: [],
});

export const requestsPerS = (r: WrkResult): number => r.requests / r.durationS;

/** "min–max", or one value for one run or equal ends. */
export function range(values: number[], digits = 1): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return '—';
  const lo = fmt(Math.min(...finite), digits);
  const hi = fmt(Math.max(...finite), digits);
  return lo === hi ? lo : `${lo}–${hi}`;
}

export const maxOf = (values: number[]): number =>
  values.reduce((a, b) => (Number.isFinite(b) && !(b <= a) ? b : a), NaN);

export const TABLE_HEAD = [
  '| route | req/s | p50 ms | p95 ms | p99 ms | × bare NestJS | errors | peak RSS MiB |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];

/** The table of one build: a row per scenario (the first being the bare app itself). */
export function table(rows: Measured[]): string {
  const lines = [...TABLE_HEAD];
  for (const m of rows) {
    const errors = m.runs.reduce((n, r) => n + errorCount(r), 0);
    const sent = m.runs.reduce((n, r) => n + attempted(r), 0);
    lines.push(
      `| ${m.name} | ${range(m.runs.map(requestsPerS))} | ${range(m.runs.map((r) => r.p50Ms))} | ` +
        `${range(m.runs.map((r) => r.p95Ms))} | ${range(m.runs.map((r) => r.p99Ms))} | ` +
        `${range(m.ratios, 3)} | ${errors} / ${sent} | ${fmt(maxOf(m.peakMiB), 0)} |`,
    );
  }
  return lines.join('\n');
}

/** Before and after side by side: each route's ratio to the bare app, and after / before. */
export function comparison(before: Measured[], after: Measured[], names: [string, string]): string {
  const lines = [
    `| route | × bare, ${names[0]} | × bare, ${names[1]} | after / before | p99 ms, ${names[0]} | p99 ms, ${names[1]} |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length;
  for (const a of after) {
    const b = before.find((m) => m.name === a.name);
    if (!b) continue;
    lines.push(
      `| ${a.name} | ${range(b.ratios, 3)} | ${range(a.ratios, 3)} | ` +
        `${fmt(mean(a.ratios) / mean(b.ratios), 2)} | ${range(b.runs.map((r) => r.p99Ms))} | ` +
        `${range(a.runs.map((r) => r.p99Ms))} |`,
    );
  }
  return lines.join('\n');
}
