import { availableParallelism } from 'node:os';
import sharp from 'sharp';

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
 */
export const SHARP_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
sharp.cache(false);
sharp.concurrency(SHARP_CONCURRENCY);

export { sharp };
export type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
