/**
 * When a failed delivery is tried again (Standard Webhooks): the schedule gives the delay before
 * each attempt (the first at once), with ±10 % jitter so that many endpoints failing together do
 * not retry together; a receiver's `Retry-After` asks for a later retry, never an earlier one, and
 * never more than a day later (MAX_RETRY_AFTER_SECONDS). `410 Gone` ends the endpoint.
 */

/** The most a `Retry-After` may push a retry back, over the schedule's own delay. */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

export type AttemptVerdict =
  | { kind: 'succeeded' }
  | { kind: 'retry'; delaySeconds: number }
  | { kind: 'exhausted' }
  | { kind: 'gone' };

export interface AttemptResult {
  /** The HTTP status, or null when no answer came (connection error, timeout, refused target). */
  status: number | null;
  retryAfterSeconds: number | null;
}

/**
 * What follows attempt number `attempt` (1 = the first) given its result. `random` in [0, 1)
 * places the jitter (injectable for tests).
 */
export function verdict(
  schedule: readonly number[],
  attempt: number,
  result: AttemptResult,
  random: () => number = Math.random,
): AttemptVerdict {
  const { status } = result;
  if (status !== null && status >= 200 && status < 300) return { kind: 'succeeded' };
  if (status === 410) return { kind: 'gone' };
  if (attempt >= schedule.length) return { kind: 'exhausted' };
  const planned = schedule[attempt] * (0.9 + 0.2 * random());
  const asked = Math.min(result.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS);
  return { kind: 'retry', delaySeconds: Math.max(planned, asked) };
}

/** A short text for the delivery log of a non-2xx answer: its status and the start of its body. */
export function describeAnswer(status: number, excerpt: string): string {
  const body = excerpt.replace(/\s+/g, ' ').trim().slice(0, 200);
  const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
  return `HTTP ${status}${redirect}${body ? `: ${body}` : ''}`;
}
