import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import express, { Request, RequestHandler, Response } from 'express';
import { from, Observable, switchMap } from 'rxjs';
import { AppConfig } from '../../config/app-config';
import { verifyJsonDepth } from './json-depth';

/** body-parser's `type` for a body that does not decode as its `Content-Encoding` says. */
export const BODY_DECODE_FAILED = 'entity.decode.failed';

/**
 * Reads and parses the JSON body (size limit, nesting depth) once the guard has let the request
 * in: a caller without a valid token is answered before a byte of its body is read, decoded or
 * parsed. It is the first interceptor, so route interceptors (idempotency hashes the body) and
 * pipes see the parsed body. Errors keep body-parser's `type`; see ErrorResponder.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parser: RequestHandler;

  constructor(config: AppConfig) {
    this.parser = express.json({
      limit: config.jsonBodyLimit,
      type: ['application/json', 'application/*+json'],
      verify: verifyJsonDepth,
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!announcesBody(req)) return next.handle();
    return from(this.parse(req, http.getResponse<Response>())).pipe(switchMap(() => next.handle()));
  }

  private parse(req: Request, res: Response): Promise<void> {
    return new Promise((resolve, reject) =>
      this.parser(req, res, (err?: unknown) => (err ? reject(typed(err)) : resolve())),
    );
  }
}

/** As HTTP/1.1 says (and body-parser checks): a body is announced by one of these headers. */
function announcesBody(req: Request): boolean {
  return (
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
  );
}

/** body-parser passes decompression failures (zlib errors) on without a `type`: give them one. */
function typed(err: unknown): Error {
  if (!(err instanceof Error)) return new Error(String(err));
  if (typeof (err as { type?: unknown }).type !== 'string') {
    return Object.assign(err, { type: BODY_DECODE_FAILED });
  }
  return err;
}
