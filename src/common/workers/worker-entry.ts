import { move, transferableSymbol, valueSymbol } from 'piscina';
import {
  currentThreadId,
  lowerThreadPriority,
  threadNice as niceOf,
} from '../process/thread-priority';

/**
 * What every worker thread of the pool runs (see worker-pool.ts): it lowers its own thread's
 * scheduling priority once (common/process/thread-priority.ts), so that on a busy machine the
 * event loop (request handling) gets the CPU before pixel loops and documents do, then calls the
 * task's exported function.
 */

let lowered = false;

/** A task: the export `name` of the compiled module `file`, called with `arg`. */
export interface TaskCall {
  file: string;
  name: string;
  arg: unknown;
}

/** A task's result with the buffers to move back to the caller (see {@link movedBack}). */
interface MovedBack {
  readonly [MOVED_BACK]: ArrayBuffer[];
  readonly value: unknown;
}
const MOVED_BACK = Symbol('movedBack');

/**
 * A task answers `value` with `buffers` moved back to the calling thread instead of copied (they
 * must be buffers the task allocated itself, e.g. a document it wrote: unusable in the thread
 * afterwards). Buffers listed twice are moved once.
 */
export function movedBack<T>(value: T, buffers: ArrayBufferLike[]): T {
  return { [MOVED_BACK]: [...new Set(buffers)] as ArrayBuffer[], value } as MovedBack as T;
}

const isMovedBack = (result: unknown): result is MovedBack =>
  typeof result === 'object' && result !== null && MOVED_BACK in result;

export async function run({ file, name, arg }: TaskCall): Promise<unknown> {
  if (!lowered) {
    lowered = true;
    lowerThreadPriority();
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const task = (require(file) as Record<string, unknown>)[name];
  if (typeof task !== 'function') throw new Error(`${file} has no task ${name}`);
  const result = await (task as (arg: unknown) => unknown)(arg);
  if (!isMovedBack(result)) return result;
  return move({
    [transferableSymbol]: result[MOVED_BACK],
    [valueSymbol]: result.value,
  } as never);
}

/** This thread's nice value (for tests). */
export function threadNice(): number {
  return niceOf(currentThreadId() ?? 0);
}
