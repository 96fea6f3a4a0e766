import sharp from 'sharp';

/**
 * The one file that imports sharp (libvips); everything else takes it, and the types it needs,
 * from here. sharp runs its work on libuv's thread pool (sized in process/libuv-threadpool.ts),
 * not on the event loop.
 */
export { sharp };
export type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
