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
