import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { noneMatchHits } from './if-none-match';
import { gzipBytes } from '../compression/zlib';

/**
 * A JSON answer encoded once, to be sent many times: its UTF-8 bytes, the same gzipped (for
 * repetitive JSON about a tenth of the size), and a strong entity tag.
 */
export interface EncodedJson {
  plain: Buffer;
  gzipped: Buffer;
  etag: string;
}

/**
 * Encodes `text` (compressed in libuv's thread pool, off the event loop). The ETag is `etag` when
 * given (e.g. a digest the body carries itself), else an MD5 of the text.
 */
export async function encodeJson(text: string, etag?: string): Promise<EncodedJson> {
  const bytes = Buffer.from(text, 'utf8');
  return {
    plain: bytes,
    gzipped: await gzipBytes(bytes, { level: 6 }),
    etag: etag ?? `"${createHash('md5').update(bytes).digest('base64')}"`,
  };
}

/**
 * Sends an encoded JSON answer: 304 when If-None-Match names its ETag; else 200, gzipped to a
 * caller that accepts gzip, the plain text to any other. Both carry the ETag, `cacheControl` and
 * `Vary: Accept-Encoding`.
 */
export function sendEncodedJson(
  req: Request,
  res: Response,
  body: EncodedJson,
  cacheControl: string,
): void {
  if (answeredNotModified(req, res, body.etag, cacheControl)) return;
  res.status(200).type('application/json; charset=utf-8');
  if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.gzipped.length);
    res.end(body.gzipped);
    return;
  }
  res.setHeader('Content-Length', body.plain.length);
  res.end(body.plain);
}

/**
 * Sets the caching headers of a JSON answer that may be gzipped (ETag, Cache-Control, Vary) and
 * answers 304 when the caller already has `etag`: true when it did.
 */
export function answeredNotModified(
  req: Request,
  res: Response,
  etag: string,
  cacheControl: string,
): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (!noneMatchHits(req.headers['if-none-match'], etag)) return false;
  res.status(304).end();
  return true;
}
