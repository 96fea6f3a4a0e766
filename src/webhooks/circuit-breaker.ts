/**
 * Each endpoint's circuit breaker (state in its row, so every process agrees): after
 * `failures` failed attempts in a row (no answer, a timeout, or any answer but a 2xx) it opens,
 * and the endpoint's attempts are not claimed for `openSeconds`, doubled for every further
 * `failures` failures in a row (up to MAX_OPEN_SECONDS): they wait in the queue, due, and hold no
 * worker. Once that time is past it is half-open: one attempt at a time is made (the probe); a
 * success closes it, a failure counts on. A slow or failing receiver thus costs its own
 * deliveries, not other endpoints' or clients'.
 */

/** The longest a breaker stays open at once (unless `openSeconds` is longer). */
export const MAX_OPEN_SECONDS = 600;

export interface BreakerSettings {
  /** Failed attempts in a row that open the breaker. */
  failures: number;
  /** How long it stays open the first time. */
  openSeconds: number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * Until when the breaker is open after the endpoint's `failures`-th failed attempt in a row at
 * `at`; null while it stays closed.
 */
export function breakerOpenUntil(s: BreakerSettings, failures: number, at: Date): Date | null {
  if (failures < s.failures) return null;
  const doublings = Math.min(20, Math.floor(failures / s.failures) - 1);
  const seconds = Math.min(
    Math.max(s.openSeconds, MAX_OPEN_SECONDS),
    s.openSeconds * 2 ** doublings,
  );
  return new Date(at.getTime() + seconds * 1000);
}

/** The breaker's state at `now` given the endpoint's `breaker_open_until`. */
export function breakerState(openUntil: Date | null, now: Date): BreakerState {
  if (openUntil === null) return 'closed';
  return openUntil > now ? 'open' : 'half-open';
}
