import { call, CallOptions, Exchange } from './http';

export interface TimedExchange extends Exchange {
  label: string;
  /** When the request started, ms since the load began. */
  at: number;
}

/** The loads under way: what a test that failed before stopping its load left running. */
const loads = new Set<() => Promise<unknown>>();

// A load left running keeps the test run from exiting (Jest waits for its requests): whatever
// the test's outcome, its loads end with it.
afterEach(async () => {
  await Promise.all([...loads].map((stop) => stop()));
});

/**
 * Keeps `workers` requests in flight until stopped; each worker cycles through `requests`
 * (each call may build a fresh request, e.g. a new purchase order number). Stopped after the
 * test at the latest.
 */
export function startLoad(
  baseUrl: string,
  workers: number,
  next: (n: number) => { label: string; method: string; path: string } & CallOptions,
): { stop(): Promise<TimedExchange[]> } {
  const done: TimedExchange[] = [];
  const began = performance.now();
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const { label, method, path, ...options } = next(n++);
      const at = performance.now() - began;
      done.push({ label, at, ...(await call(baseUrl, method, path, options)) });
    }
  };
  const all = Promise.all(Array.from({ length: workers }, worker));
  const stop = async () => {
    running = false;
    loads.delete(stop);
    await all;
    return done;
  };
  loads.add(stop);
  return { stop };
}
