import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long synchronous work (validating or building thousands of objects) keeps the event loop from
 * everything else: health checks, other callers. Work that loops over many items awaits
 * `yieldToLoop()` between them; it lets waiting work run once the current stretch has lasted
 * SLICE_MS, and costs nothing otherwise.
 */
export const SLICE_MS = 10;
let heldSince = performance.now();

/** Lets the event loop run other work if the current stretch of work has lasted SLICE_MS. */
export async function yieldToLoop(): Promise<void> {
  if (performance.now() - heldSince < SLICE_MS) return;
  await nextTurn();
  heldSince = performance.now();
}
