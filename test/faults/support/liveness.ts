import { call } from '../../support/processes/http';

/** The `p`th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Probes `GET /health/live` one request after another (`pauseMs` apart) until `work` settles, and
 * returns what `work` gave with every probe's time: a blocked event loop shows as slow probes.
 * Every probe must answer 200.
 */
export async function probeLiveDuring<T>(
  baseUrl: string,
  work: Promise<T>,
  pauseMs = 10,
): Promise<{ result: T; ms: number[] }> {
  let done = false;
  const finished = work.finally(() => (done = true));
  const ms: number[] = [];
  while (!done) {
    const live = await call(baseUrl, 'GET', '/health/live', { timeoutMs: 10_000 });
    expect(live.status).toBe(200);
    ms.push(live.ms);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return { result: await finished, ms };
}

/** How the probes answered: how many, their p99 and their slowest, in whole milliseconds. */
export interface ProbeSummary {
  probes: number;
  p99: number;
  max: number;
}

export function summarize(ms: number[]): ProbeSummary {
  return {
    probes: ms.length,
    p99: Math.round(percentile(ms, 99)),
    max: Math.round(Math.max(...ms)),
  };
}

/** How long the quiet baseline is probed before the work starts. */
const QUIET_MS = 3_000;

/**
 * The probes' times while `start()`'s work runs (`seen`), how long the work took (`workMs`), and,
 * measured just before with nothing running, the machine's own noise (`quiet`): the same probes
 * on a CPU that other processes keep busy. The work is started only after the quiet measure.
 */
export async function responsivenessDuring<T>(
  baseUrl: string,
  start: () => Promise<T>,
  pauseMs = 10,
): Promise<Responsiveness<T>> {
  const idle = await probeLiveDuring(baseUrl, new Promise((r) => setTimeout(r, QUIET_MS)), pauseMs);
  let workMs = 0;
  const began = performance.now();
  const { result, ms } = await probeLiveDuring(
    baseUrl,
    start().finally(() => (workMs = performance.now() - began)),
    pauseMs,
  );
  return { result, workMs, seen: summarize(ms), quiet: summarize(idle.ms) };
}

export interface Responsiveness<T = unknown> {
  result: T;
  workMs: number;
  seen: ProbeSummary;
  quiet: ProbeSummary;
}

/**
 * The event loop was not held while the work ran. Every probe answered 200 (probeLiveDuring), at
 * least `minProbes` of them, and:
 * - `maxShareOfWork`: the slowest probe took at most this share of the work's time. A loop held
 *   by the work (the findings these tests guard against held it for most of the work: 1 s of a
 *   4096-px render, 66 s of a body's parse) fails it; a busy machine slows the work and the probes
 *   alike and does not.
 * - `p99OverQuietMs`: the probes' p99 exceeds the quiet p99 by less than this: for work that may
 *   hold the loop only briefly, however long it runs (a list streamed in batches).
 */
export function expectResponsive(
  { seen, quiet, workMs }: Responsiveness,
  budget: { minProbes?: number; maxShareOfWork?: number; p99OverQuietMs?: number },
): void {
  expect(seen.probes).toBeGreaterThanOrEqual(budget.minProbes ?? 10);
  if (budget.maxShareOfWork !== undefined)
    expect(seen.max).toBeLessThanOrEqual(Math.ceil(budget.maxShareOfWork * workMs));
  if (budget.p99OverQuietMs !== undefined)
    expect(seen.p99).toBeLessThan(budget.p99OverQuietMs + quiet.p99);
}
