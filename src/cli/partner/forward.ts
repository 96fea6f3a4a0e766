import { signWebhook } from '../../common/crypto/standard-webhooks';
import { LoggedEvent } from './api';

/** Identifies the forwarder to the receiver (a real delivery names the service). */
export const FORWARD_USER_AGENT = 'ProductCustomizer-Webhooks/1.0 (pci listen)';
/** How long the receiver may take to answer one POST. */
export const FORWARD_TIMEOUT_MS = 10_000;
/** Waits before the 2nd, 3rd and 4th POST of an event the receiver did not answer. */
export const UNANSWERED_RETRY_MS = [1000, 2000, 4000];

/** The body and headers of a delivery of `event`, signed with `secret` at `timestampSeconds`. */
export function signedDelivery(
  secret: string,
  event: LoggedEvent,
  timestampSeconds: number,
): { body: string; headers: Record<string, string> } {
  // The body a webhook delivery carries: the event as the log answers it, in the same key order.
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': FORWARD_USER_AGENT,
      'webhook-id': event.id,
      'webhook-timestamp': String(timestampSeconds),
      'webhook-signature': signWebhook([secret], event.id, timestampSeconds, body),
    },
  };
}

/** What forwarding one event gave: the receiver's status (null: no answer) and why not. */
export interface Forwarded {
  status: number | null;
  error: string | null;
  attempts: number;
  ms: number;
}

/** Resolves after `ms`, or at once when `stop` aborts (answering false). */
export function pause(ms: number, stop: AbortSignal): Promise<boolean> {
  if (stop.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    stop.addEventListener('abort', onAbort, { once: true });
  });
}

/** Why a POST got no answer, in a few words (`connect ECONNREFUSED 127.0.0.1:8080`, `timed out`). */
function noAnswer(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError')
    return `no answer within ${FORWARD_TIMEOUT_MS / 1000} s`;
  const cause = (err as { cause?: { message?: string } }).cause;
  return cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/**
 * POSTs `event` to `url`, signed with `secret` (each attempt with its own timestamp). An answer,
 * whatever its status, is final: the receiver has seen the event. No answer (refused, reset,
 * timed out) is tried again after 1, 2 and 4 s, so a receiver restarting (a reloading dev
 * server) still gets it; `stop` ends the waits.
 */
export async function forward(
  url: string,
  secret: string,
  event: LoggedEvent,
  stop: AbortSignal,
): Promise<Forwarded> {
  const started = performance.now();
  let error = '';
  for (let attempt = 1; ; attempt++) {
    const { body, headers } = signedDelivery(secret, event, Math.floor(Date.now() / 1000));
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      const ok = res.status >= 200 && res.status <= 299;
      return {
        status: res.status,
        error: ok ? null : `HTTP ${res.status}`,
        attempts: attempt,
        ms: Math.round(performance.now() - started),
      };
    } catch (err) {
      error = noAnswer(err);
    }
    const wait = UNANSWERED_RETRY_MS[attempt - 1];
    if (wait === undefined || !(await pause(wait, stop)))
      return {
        status: null,
        error,
        attempts: attempt,
        ms: Math.round(performance.now() - started),
      };
  }
}
