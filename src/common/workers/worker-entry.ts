import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * What every worker thread of the pool runs (see worker-pool.ts): it lowers its own thread's
 * scheduling priority once, so that on a busy machine the event loop (request handling) gets the
 * CPU before pixel loops and documents do, then calls the task's exported function. On Linux a
 * thread has its own nice value (setpriority on its thread id); elsewhere this is skipped.
 */

/** Added to a worker thread's nice value (higher: yields the CPU to the event loop). */
const NICE_INCREMENT = 10;

let lowered = false;

function lowerThreadPriority(): void {
  if (lowered) return;
  lowered = true;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0)
      setPriority(tid, Math.min(19, getPriority(tid) + NICE_INCREMENT));
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

/** A task: the export `name` of the compiled module `file`, called with `arg`. */
export interface TaskCall {
  file: string;
  name: string;
  arg: unknown;
}

export function run({ file, name, arg }: TaskCall): unknown {
  lowerThreadPriority();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const task = (require(file) as Record<string, unknown>)[name];
  if (typeof task !== 'function') throw new Error(`${file} has no task ${name}`);
  return (task as (arg: unknown) => unknown)(arg);
}

/** This thread's nice value (for tests). */
export function threadNice(): number {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  return getPriority(tid);
}
