/** The HTTP load loop: keep-alive connections, one latency per request, errors counted. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { App, assertAlive } from './app-process';
import { errorMessage } from './errors';
import { Reply, RequestSpec, send } from './http-client';

export interface Measurement {
  requests: number;
  errors: number;
  elapsedMs: number;
  latencies: number[];
  /** Response body bytes of the successful requests. */
  okBytes: number;
  firstError?: string;
  lastReply?: Reply;
}

export interface LoadOptions {
  concurrency: number;
  durationMs?: number;
  maxRequests?: number;
  /** Keep the bodies of successful replies (`lastReply.body`); error bodies are always kept. */
  keepBody?: boolean;
}

/**
 * Runs `make` from `concurrency` loops over keep-alive connections until `durationMs` has passed
 * (or `maxRequests` requests were started); requests in flight at the deadline still count.
 * Every non-2xx answer or network error counts as an error. Throws if the app died meanwhile.
 */
export async function load(
  app: App,
  make: () => RequestSpec,
  opts: LoadOptions,
): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  const m: Measurement = { requests: 0, errors: 0, elapsedMs: 0, latencies, okBytes: 0 };
  const started = performance.now();
  const deadline = opts.durationMs === undefined ? Infinity : started + opts.durationMs;
  let startedCount = 0;
  const worker = async (): Promise<void> => {
    while (
      performance.now() < deadline &&
      startedCount < (opts.maxRequests ?? Infinity) &&
      app.exited === undefined
    ) {
      startedCount++;
      const spec = make();
      const t0 = performance.now();
      try {
        const reply = await send(agent, app.baseUrl, spec, opts.keepBody);
        latencies.push(performance.now() - t0);
        m.requests++;
        if (reply.status < 200 || reply.status >= 300) {
          m.errors++;
          m.firstError ??= `${reply.status} ${reply.body.slice(0, 300)}`;
        } else {
          m.lastReply = reply;
          m.okBytes += reply.bytes;
        }
      } catch (err) {
        latencies.push(performance.now() - t0);
        m.requests++;
        m.errors++;
        m.firstError ??= errorMessage(err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  m.elapsedMs = performance.now() - started;
  assertAlive(app);
  return m;
}

/** Nearest-rank percentile of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
