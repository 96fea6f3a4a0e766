import { setFlagsFromString } from 'node:v8';

/**
 * Bounds how far V8 lets the JavaScript heap grow past what its last full collection kept:
 * imported first by the API's and the worker's entry points, for its effect alone.
 *
 * Under load V8 moves much of each request's short-lived garbage into the old generation, which
 * only a full collection frees, and by default lets that generation grow to about four times the
 * live data before collecting it. For the API that meant a live heap of about 60 MiB and a heap of
 * 260 MiB before each collection, and an RSS swinging between 220 and 360 MiB while it served
 * nothing but `GET /health/live` (`node --trace-gc`, wrk with 32 connections; bench/README.md,
 * "Memory"). Growing by at most 50 % keeps the peak near the live data: a full collection then
 * runs about every half second under that load, at about 5 ms each, and the throughput is unchanged.
 *
 * `HEAP_GROWTH_PERCENT` (0–400, default 50) sets it; 0 leaves V8's own choice. V8 reads the
 * setting at each collection, so it applies from the first one. The configuration check refuses
 * a value outside the range at start-up.
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

/** Applies `HEAP_GROWTH_PERCENT` from `env` (or the default); answers the percentage in force. */
export function limitHeapGrowth(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.HEAP_GROWTH_PERCENT;
  const given = raw === undefined || raw.trim() === '' ? DEFAULT_HEAP_GROWTH_PERCENT : Number(raw);
  if (!Number.isInteger(given) || given < 1 || given > 400) return 0;
  setFlagsFromString(`--heap-growing-percent=${given}`);
  return given;
}

limitHeapGrowth();
