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
 * The probes' times while `start()`'s work runs (`seen`) and, measured just before with nothing
 * running, the machine's own noise (`quiet`): the same probes on a CPU that other processes keep
 * busy. The work is started only after the quiet measure.
 */
export async function responsivenessDuring<T>(
  baseUrl: string,
  start: () => Promise<T>,
  pauseMs = 10,
): Promise<{ result: T; seen: ProbeSummary; quiet: ProbeSummary }> {
  const idle = await probeLiveDuring(baseUrl, new Promise((r) => setTimeout(r, QUIET_MS)), pauseMs);
  const { result, ms } = await probeLiveDuring(baseUrl, start(), pauseMs);
  return { result, seen: summarize(ms), quiet: summarize(idle.ms) };
}

/**
 * The event loop was not held: at least `minProbes` answered during the work, and the service
 * added at most `p99Ms` to the probes' p99 and `maxMs` to their slowest answer over what the
 * machine's noise gave them just before. A blocked loop adds the whole blocking slice; a busy
 * machine (other processes) shows in both measures and is not counted against the service.
 */
export function expectResponsive(
  { seen, quiet }: { seen: ProbeSummary; quiet: ProbeSummary },
  budget: { p99Ms: number; maxMs: number; minProbes?: number },
): void {
  expect(seen.probes).toBeGreaterThanOrEqual(budget.minProbes ?? 10);
  expect(seen.p99).toBeLessThan(budget.p99Ms + quiet.p99);
  expect(seen.max).toBeLessThan(budget.maxMs + quiet.max);
}
