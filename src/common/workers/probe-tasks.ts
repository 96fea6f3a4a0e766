import { threadId } from 'node:worker_threads';
import { movedBack } from './worker-entry';

/**
 * Tiny tasks that check the worker pool itself (its tests, and a readiness probe): which thread
 * ran, and deliberate runaway and out-of-memory tasks that must kill only their thread.
 */

/** The id of the thread running the task (0 is the main thread). */
export function whichThread(): number {
  return threadId;
}

/** Busy-loops for `ms` (a runaway task when longer than the pool's timeout). */
export function spin(ms: number): number {
  const end = Date.now() + ms;
  let n = 0;
  while (Date.now() < end) n++;
  return n;
}

/** Keeps allocating until the heap limit kills the thread. */
export function exhaustHeap(): number {
  const hoard: number[][] = [];
  for (;;) hoard.push(new Array<number>(1_000_000).fill(hoard.length));
}

/** The sum of the bytes of a (transferred) buffer: checks that transfers arrive intact. */
export function byteSum(bytes: Uint8Array): number {
  let sum = 0;
  for (const b of bytes) sum += b;
  return sum;
}

/** `length` bytes of `value`, moved back to the caller (checks transfers out of the thread). */
export function filledBytes({ length, value }: { length: number; value: number }): {
  bytes: Uint8Array;
} {
  const bytes = new Uint8Array(length).fill(value);
  return movedBack({ bytes }, [bytes.buffer]);
}
