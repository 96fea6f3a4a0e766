import { Injectable } from '@nestjs/common';
import { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, ErrorKind } from '../errors/domain-error';
import { CROSS_ORIGIN, RESOURCE_POLICY_HEADER } from '../http/cross-origin-resource';
import { isBlobKey } from './blob-keys';
import { planBlobAnswer } from './blob-answer';
import { BlobInfo, BlobStore, IMMUTABLE_CACHE_CONTROL } from './blob-store';

/**
 * A blob is whatever someone uploaded, served from our own origin: the browser must never run it
 * as a page of ours (no script, no plugins, no form posts: a sandboxed, opaque origin), never
 * guess another type than the key's, and may embed it in any site's `<img>` or canvas (the
 * links are capabilities: whoever has one may read the bytes anyway).
 */
export const BLOB_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  [RESOURCE_POLICY_HEADER]: CROSS_ORIGIN,
  'Access-Control-Allow-Origin': '*',
};

export class BlobNotFound extends DomainError {
  constructor(key: string) {
    super(
      'BLOB_NOT_FOUND',
      ErrorKind.NotFound,
      `No blob is stored at ${JSON.stringify(key.slice(0, 300))}.`,
    );
  }
}

export class BlobStoreUnavailable extends DomainError {
  constructor() {
    super(
      'BLOB_STORE_UNAVAILABLE',
      ErrorKind.Unavailable,
      'The blob store is unavailable; retry the request later.',
    );
  }
}

/**
 * Answers `GET`/`HEAD /cdn/{key}` from the configured {@link BlobStore} (docs/design.md §9), so
 * links work with either store when no CDN fronts it: type from the key, strong ETag, immutable
 * caching, conditional and single-range requests (see {@link planBlobAnswer}).
 */
@Injectable()
export class BlobServer {
  constructor(
    private readonly store: BlobStore,
    private readonly logger: PinoLogger,
  ) {
    this.logger.setContext('BlobServer');
  }

  async serve(key: string, req: Request, res: Response): Promise<void> {
    // A malformed key is answered exactly as an absent one, and never reaches the store.
    if (!isBlobKey(key)) throw new BlobNotFound(key);
    const info = await this.ask(req, () => this.store.stat(key));
    if (!info) throw new BlobNotFound(key);
    const answer = planBlobAnswer(info.size, info.etag, req.headers);
    if (answer.status === 416) {
      res.setHeader('Content-Range', `bytes */${info.size}`);
      res.setHeader('Accept-Ranges', 'bytes');
      res
        .status(416)
        .type('text/plain; charset=utf-8')
        .send(
          `The range ${JSON.stringify(String(req.headers.range).slice(0, 100))} is not satisfiable: the blob has ${info.size} bytes.`,
        );
      return;
    }
    if (answer.status === 304) {
      this.setBlobHeaders(res, info);
      res.status(304).end();
      return;
    }
    const range = answer.status === 206 ? answer.range : undefined;
    // Opened before any header is set, so an error still gets a clean error answer.
    const body =
      req.method === 'HEAD' ? undefined : await this.ask(req, () => this.store.stream(key, range));
    if (req.method !== 'HEAD' && !body) throw new BlobNotFound(key);
    this.setBlobHeaders(res, info);
    res.setHeader('Content-Type', info.contentType);
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : info.size));
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    res.status(answer.status);
    if (!body) {
      res.end();
      return;
    }
    await this.send(body, req, res);
  }

  private setBlobHeaders(res: Response, info: BlobInfo): void {
    for (const [name, value] of Object.entries(BLOB_SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('ETag', info.etag);
    res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    res.setHeader('Accept-Ranges', 'bytes');
  }

  private async send(body: Readable, req: Request, res: Response): Promise<void> {
    try {
      await pipeline(body, res);
    } catch (err) {
      // The status line is out: all we can do is cut the connection, so the client sees a short body.
      if (!res.destroyed) res.destroy();
      if (req.destroyed || (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
        return; // the client went away
      this.logger.error({ requestId: req.id, cause: describeError(err) }, 'blob stream failed');
    }
  }

  /** Runs a store call; a failure of the store (not of the request) becomes a 503. */
  private async ask<T>(req: Request, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      this.logger.error({ requestId: req.id, cause: describeError(err) }, 'blob store failed');
      throw new BlobStoreUnavailable();
    }
  }
}

/**
 * What the log keeps of a store error: its name, code, message and status. Not the error itself,
 * whose SDK-specific members (requests, responses, configuration) have no place in a log.
 */
function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & { code?: unknown; $metadata?: { httpStatusCode?: number } };
  return {
    name: e.name,
    message: e.message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(e.$metadata?.httpStatusCode ? { status: e.$metadata.httpStatusCode } : {}),
  };
}
