/** One measured row of a wrk table: a warm-up, then a timed run of the same load. */
import { App, memoryOf, resetPeakRss } from './app-process';
import { log } from './log';
import { fmt } from './report';
import { Measured, requestsPerS } from './summary';
import { errorCount, runWrk, WrkLoad } from './wrk';

export interface RowTiming {
  durationS: number;
  warmupS: number;
}

/**
 * Runs `load` against `app` for `timing.warmupS` untimed, then `timing.durationS` measured, and
 * records the run and the app's peak RSS (warm-up included) in `row`; answers its requests/s.
 */
export async function measureRow(
  timing: RowTiming,
  app: App,
  token: string,
  load: Omit<WrkLoad, 'durationS'>,
  row: Measured,
): Promise<number> {
  resetPeakRss(app.pid);
  if (timing.warmupS > 0) await runWrk(app, token, { ...load, durationS: timing.warmupS });
  const r = await runWrk(app, token, { ...load, durationS: timing.durationS });
  row.runs.push(r);
  row.peakMiB.push(memoryOf(app.pid)?.peakMiB ?? NaN);
  log(
    `  ${row.label}: ${fmt(requestsPerS(r))} req/s, p95 ${fmt(r.p95Ms)} ms, p99 ${fmt(r.p99Ms)} ms, ${errorCount(r)} errors`,
  );
  if (r.firstError) log(`    first unexpected answer: ${r.firstError}`);
  return requestsPerS(r);
}
