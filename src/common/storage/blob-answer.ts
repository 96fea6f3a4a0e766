import parseRange from 'range-parser';
import { ByteRange } from './blob-store';
import { noneMatchHits } from '../http/if-none-match';

/** What a GET or HEAD of a stored blob answers, given its conditional and range headers. */
export type BlobAnswer =
  { status: 200 } | { status: 206; range: ByteRange } | { status: 304 } | { status: 416 };

export interface BlobRequestHeaders {
  'if-none-match'?: string;
  'if-range'?: string;
  range?: string;
}

/**
 * RFC 9110 §13.2.2 order: `If-None-Match` first (a cached copy is current: 304), then `Range`,
 * which `If-Range` may veto. Blobs are immutable and their ETag is strong, so the only `If-Range`
 * that keeps the range is our own ETag; a date (we send no Last-Modified) gives the whole blob.
 *
 * One range (overlapping or adjacent ones are merged first) answers 206. Several disjoint ranges
 * answer the whole blob with 200, as RFC 9110 allows a server to ignore `Range`: multipart/byteranges
 * buys clients little for images and archives, and no client we serve asks for it. A malformed
 * header is ignored too (200); a well-formed one that no byte satisfies answers 416.
 */
export function planBlobAnswer(
  size: number,
  etag: string,
  headers: BlobRequestHeaders,
): BlobAnswer {
  const ifNoneMatch = headers['if-none-match'];
  if (noneMatchHits(ifNoneMatch, etag)) return { status: 304 };
  const range = headers.range;
  if (range === undefined) return { status: 200 };
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange.trim() !== etag) return { status: 200 };
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -1) return { status: 416 };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return { status: 200 };
  return { status: 206, range: { start: ranges[0].start, end: ranges[0].end } };
}
