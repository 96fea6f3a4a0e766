import { availableParallelism } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import sharp from 'sharp';
import { keepThreadsLow } from '../process/thread-priority';

/** The name libvips gives its worker threads (`/proc/<pid>/task/<tid>/comm`). */
export const LIBVIPS_THREAD_NAME = 'libvips worker';

/**
 * The one file that imports sharp (libvips); everything else takes it, and the types it needs,
 * from here. sharp runs its work on libuv's thread pool (sized in process/libuv-threadpool.ts),
 * not on the event loop.
 *
 * libvips' operation cache is off: the service never repeats an operation on the same input
 * (renders and print files are stored once made), and the cache kept up to 50 MB of decoded
 * pixels per process (more per thread) after the work was done. Each operation uses at most
 * {@link SHARP_CONCURRENCY} threads of its own (libvips' default is one per core, each with its
 * buffers), so the memory of one operation does not grow with the machine.
 *
 * libvips' own threads ("libvips worker") do the pixel work of every call. libvips starts them
 * itself at the process's priority, where they took the CPU from the event loop as much as it took
 * from them (a cold 4096-px render stalled other clients' requests); they are kept at a lower
 * priority, as the worker pool's threads are (common/process/thread-priority.ts).
 */
export const SHARP_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
sharp.cache(false);
sharp.concurrency(SHARP_CONCURRENCY);
// One watcher per process: libvips' threads are the process's, whichever thread calls sharp.
if (isMainThread) keepThreadsLow(LIBVIPS_THREAD_NAME);

export { sharp };
export type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
