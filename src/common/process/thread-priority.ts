import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Thread priorities: on a busy machine the event loop (every request's own work) gets the CPU
 * before background pixel loops and documents. On Linux each thread has its own nice value
 * (setpriority on a thread id); elsewhere, or when the system refuses, threads keep the process's
 * priority and nothing else changes.
 */

/** Added to a background thread's nice value (higher: yields the CPU to the event loop). */
export const NICE_INCREMENT = 10;
const LOWEST = 19;

/** The calling thread's id (Linux: `/proc/thread-self` links to `<pid>/task/<tid>`). */
export function currentThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** A thread's nice value (for tests and the scan below). */
export function threadNice(tid: number): number {
  return getPriority(tid);
}

/**
 * Lowers thread `tid` to {@link NICE_INCREMENT} below the process's main thread (a thread id equal
 * to the process id is the main thread's); a thread already as low stays as it is, so lowering
 * twice, or a thread started by a lowered one, never sinks further. Whether it could.
 */
export function lowerThreadPriority(tid: number | undefined = currentThreadId()): boolean {
  if (tid === undefined) return false;
  try {
    const target = Math.min(LOWEST, getPriority(process.pid) + NICE_INCREMENT);
    if (getPriority(tid) < target) setPriority(tid, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the process's threads named `name` at a lower priority: every `intervalMs` it lists the
 * threads (`/proc/self/task`, a few dozen entries) and lowers each new one of that name once.
 * For threads a library starts on its own, such as libvips' workers, which do the pixel work of
 * every sharp call and are not started by code of ours. A new thread runs at the process's
 * priority until the next look. The timer never keeps the process alive; the function answers a
 * stop function.
 */
export function keepThreadsLow(name: string, intervalMs = 500): () => void {
  const seen = new Set<number>();
  const look = () => {
    let tids: number[];
    try {
      tids = readdirSync('/proc/self/task').map(Number);
    } catch {
      clearInterval(timer); // not Linux
      return;
    }
    const present = new Set(tids);
    // A thread id may be reused once its thread has ended: forget those gone.
    for (const tid of seen) if (!present.has(tid)) seen.delete(tid);
    for (const tid of tids) {
      if (seen.has(tid)) continue;
      seen.add(tid);
      if (threadName(tid) === name) lowerThreadPriority(tid);
    }
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  look();
  return () => clearInterval(timer);
}

function threadName(tid: number): string | undefined {
  try {
    return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return undefined; // ended meanwhile
  }
}
