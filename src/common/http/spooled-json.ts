import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { deflateRawBytes, gzipStream, inflateRawBytes } from '../compression/zlib';
import { answeredNotModified } from './encoded-json';

/** Where a spooled answer's items go among its text parts. */
export const ITEMS = Symbol('items');

/**
 * A JSON answer too long to hold as one text: text parts around an array's items (`ITEMS`, maybe
 * more than once), the items kept deflated in chunks. Repetitive JSON shrinks about tenfold, so
 * a list of thousands of items weighs a tenth of its text while it is cached, and it is sent by
 * inflating one chunk at a time at the pace the caller reads (no whole text, no long task).
 */
export interface SpooledJson {
  readonly etag: string;
  readonly parts: readonly (string | typeof ITEMS)[];
  /** The items' text (comma-separated), deflated chunk by chunk. */
  readonly chunks: readonly Buffer[];
  /** Each chunk's size inflated (inflated in one piece). */
  readonly chunkPlainBytes: readonly number[];
  /** UTF-8 bytes of the whole answer once inflated (its Content-Length). */
  readonly plainBytes: number;
  /** Bytes held: the deflated chunks and the text parts. */
  readonly heldBytes: number;
}

/**
 * Builds a SpooledJson from batches of items, each batch compressed in libuv's thread pool as it
 * comes (off the event loop), so a caller reading batches from the database holds one batch of
 * text at a time.
 */
export class JsonSpoolWriter {
  private readonly chunks: Buffer[] = [];
  private readonly chunkPlainBytes: number[] = [];
  private itemBytes = 0;
  private deflated = 0;
  private count = 0;

  /** Appends items, each already JSON text. */
  async add(items: readonly string[]): Promise<void> {
    if (items.length === 0) return;
    const text = (this.count > 0 ? ',' : '') + items.join(',');
    this.count += items.length;
    const bytes = Buffer.from(text, 'utf8');
    this.itemBytes += bytes.length;
    const chunk = await deflateRawBytes(bytes, { level: 6 });
    this.deflated += chunk.length;
    this.chunks.push(chunk);
    this.chunkPlainBytes.push(bytes.length);
  }

  /** The answer: `parts` with the items at each `ITEMS`. */
  finish(parts: readonly (string | typeof ITEMS)[], etag: string): SpooledJson {
    let plainBytes = 0;
    let textBytes = 0;
    for (const part of parts)
      if (part === ITEMS) plainBytes += this.itemBytes;
      else textBytes += Buffer.byteLength(part, 'utf8');
    plainBytes += textBytes;
    return {
      etag,
      parts,
      chunks: this.chunks,
      chunkPlainBytes: this.chunkPlainBytes,
      plainBytes,
      heldBytes: this.deflated + textBytes,
    };
  }
}

/** The answer's bytes in order, inflating one chunk at a time. */
async function* bytesOf(body: SpooledJson): AsyncGenerator<Buffer> {
  for (const part of body.parts) {
    if (part !== ITEMS) {
      yield Buffer.from(part, 'utf8');
      continue;
    }
    for (const [i, chunk] of body.chunks.entries())
      yield await inflateRawBytes(chunk, body.chunkPlainBytes[i]);
  }
}

/**
 * Sends a spooled answer as sendEncodedJson sends an encoded one (ETag, 304, gzip for callers that
 * accept it), streaming: the plain text with its Content-Length, gzip chunked. Resolves when the
 * answer is sent or the caller went away (then the response is destroyed; nothing is thrown, the
 * status is already out).
 */
export async function sendSpooledJson(
  req: Request,
  res: Response,
  body: SpooledJson,
  cacheControl: string,
): Promise<void> {
  if (answeredNotModified(req, res, body.etag, cacheControl)) return;
  res.status(200).type('application/json; charset=utf-8');
  const source = Readable.from(bytesOf(body), { highWaterMark: 1 });
  try {
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      await pipeline(source, gzipStream({ level: 6 }), res);
    } else {
      res.setHeader('Content-Length', body.plainBytes);
      await pipeline(source, res);
    }
  } catch {
    // The caller closed the connection (or a chunk failed to inflate): the status line is out, so
    // the only honest end is a cut connection, which pipeline has already made.
    res.destroy();
  }
}
