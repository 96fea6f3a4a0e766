import { Readable } from 'node:stream';

/** Blobs never change under their key, so any cache may keep them for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What the store knows of a stored blob. */
export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
  /** Strong ETag (quoted): blobs are immutable, so it is derived from the key. */
  etag: string;
}

/** An inclusive byte range, as HTTP ranges are. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** Write even if the key exists. */
  replace?: boolean;
}

/**
 * Immutable bytes under opaque keys (docs/design.md §9): uploads, catalog images, renders, print
 * files. One interface, two implementations: a directory in DATA_DIR (embedded mode) and an
 * S3-compatible bucket. Keys come from {@link BlobKeys}; a key names one content forever, so `put`
 * of an existing key leaves it as it is, unless told to `replace` it (to repair derived data, e.g.
 * a render asked for afresh). Callers hand out links with {@link BlobLinks}, never store paths.
 */
export abstract class BlobStore {
  /**
   * Stores `body` under `key` unless the key exists already (with `replace`, whether or not it
   * does; readers see the old or the new object whole). The content type follows the key's extension.
   */
  abstract put(key: string, body: Buffer, options?: PutOptions): Promise<BlobInfo>;
  /** Size, type and ETag of a blob; undefined when absent. */
  abstract stat(key: string): Promise<BlobInfo | undefined>;
  /** The whole blob; undefined when absent. */
  abstract get(key: string): Promise<Buffer | undefined>;
  /** The blob (or the inclusive `range` of it) as a stream; undefined when absent. */
  abstract stream(key: string, range?: ByteRange): Promise<Readable | undefined>;
}
