import { promisify } from 'node:util';
import {
  createGzip,
  deflate,
  deflateRaw,
  gzip,
  inflateRaw,
  type Gzip,
  type ZlibOptions,
} from 'node:zlib';

/**
 * zlib with output chunks sized for the service's payloads. zlib compresses in libuv's thread
 * pool, but a one-shot call hands its output back in chunks of `chunkSize` (16 KiB by default),
 * each a callback into JavaScript on the event loop, and copies them together at the end:
 * inflating one megabyte of list items took 18 ms of the event loop that way, 1.6 ms in one
 * chunk. Output is written in chunks of up to {@link OUTPUT_CHUNK} (or exactly the size when it is
 * known, up to {@link MAX_EXACT_CHUNK}).
 */

/** Output chunk of a call whose output size is not known (a buffer of this size is allocated). */
export const OUTPUT_CHUNK = 1024 * 1024;
/** Largest chunk allocated for an output whose size is known exactly (an inflate). */
export const MAX_EXACT_CHUNK = 16 * 1024 * 1024;
/** zlib's smallest chunk. */
const MIN_CHUNK = 64;

const deflateAsync = promisify(deflate);
const deflateRawAsync = promisify(deflateRaw);
const inflateRawAsync = promisify(inflateRaw);
const gzipAsync = promisify(gzip);

/** Output chunks for `input` bytes compressed: at most the input's size, at most OUTPUT_CHUNK. */
const compressing = (input: Buffer, options: ZlibOptions): ZlibOptions => ({
  ...options,
  chunkSize: Math.max(MIN_CHUNK, Math.min(OUTPUT_CHUNK, input.length + 64)),
});

/** zlib format (a PDF's FlateDecode). */
export const deflateBytes = (input: Buffer, options: ZlibOptions = {}): Promise<Buffer> =>
  deflateAsync(input, compressing(input, options));

/** Raw deflate (no header), e.g. chunks of a text kept compressed. */
export const deflateRawBytes = (input: Buffer, options: ZlibOptions = {}): Promise<Buffer> =>
  deflateRawAsync(input, compressing(input, options));

/** gzip of a whole answer. */
export const gzipBytes = (input: Buffer, options: ZlibOptions = {}): Promise<Buffer> =>
  gzipAsync(input, compressing(input, options));

/**
 * Raw inflate of `input` whose inflated size is `plainBytes` (recorded when it was deflated): one
 * output chunk of exactly that size, up to MAX_EXACT_CHUNK.
 */
export const inflateRawBytes = (input: Buffer, plainBytes: number): Promise<Buffer> =>
  inflateRawAsync(input, {
    chunkSize: Math.max(MIN_CHUNK, Math.min(MAX_EXACT_CHUNK, plainBytes)),
  });

/** A gzip stream (an answer sent as it is produced) writing chunks of up to 256 KiB. */
export const gzipStream = (options: ZlibOptions = {}): Gzip =>
  createGzip({ chunkSize: 256 * 1024, ...options });
