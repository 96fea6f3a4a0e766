import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { Request, RequestHandler, Response } from 'express';
import { from, Observable, switchMap } from 'rxjs';
import { CommonSettings } from '../settings/common-settings';
import { parseSize } from './sizes';
import { DomainError } from '../errors/domain-error';
import { BODY_LIMIT, BodyTooLarge } from './body-limit';
import { jsonVerifier } from './json-depth';

/** body-parser's `type` for a body that does not decode as its `Content-Encoding` says. */
export const BODY_DECODE_FAILED = 'entity.decode.failed';

/** One JSON parser per body limit in use (JSON_BODY_LIMIT and each route's @BodyLimit). */
interface LimitedParser {
  limit: string;
  ofRoute: boolean;
  parse: RequestHandler;
}

/**
 * Reads and parses the JSON body (size limit, nesting depth, number of values and of keys of one
 * object, see json-depth.ts) once the guard has
 * let the request in: a caller without a valid token is answered before a byte of its body is
 * read, decoded or parsed. The size limit is the route's @BodyLimit when it has a smaller one than
 * JSON_BODY_LIMIT. It is the first interceptor, so route interceptors (idempotency hashes the
 * body) and pipes see the parsed body. Errors keep body-parser's `type`; see ErrorResponder.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parsers = new Map<string, LimitedParser>();
  private readonly verify: ReturnType<typeof jsonVerifier>;
  private readonly defaultLimit: LimitedParser;

  constructor(
    private readonly config: CommonSettings,
    private readonly reflector: Reflector,
  ) {
    this.verify = jsonVerifier({
      maxValues: config.jsonMaxValues,
      maxObjectKeys: config.jsonMaxObjectKeys,
    });
    this.defaultLimit = this.parser(config.jsonBodyLimit, false);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!announcesBody(req)) return next.handle();
    const parser = this.parserFor(context);
    return from(this.parse(parser, req, http.getResponse<Response>())).pipe(
      switchMap(() => next.handle()),
    );
  }

  private parserFor(context: ExecutionContext): LimitedParser {
    const limit = this.reflector.getAllAndOverride<string | undefined>(BODY_LIMIT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!limit || parseSize(limit) >= parseSize(this.config.jsonBodyLimit))
      return this.defaultLimit;
    return this.parsers.get(limit) ?? this.parser(limit, true);
  }

  private parser(limit: string, ofRoute: boolean): LimitedParser {
    const parser: LimitedParser = {
      limit,
      ofRoute,
      parse: express.json({
        limit,
        type: ['application/json', 'application/*+json'],
        verify: this.verify,
      }),
    };
    this.parsers.set(limit, parser);
    return parser;
  }

  private parse(parser: LimitedParser, req: Request, res: Response): Promise<void> {
    return new Promise((resolve, reject) =>
      parser.parse(req, res, (err?: unknown) => (err ? reject(typed(err, parser)) : resolve())),
    );
  }
}

/** As HTTP/1.1 says (and body-parser checks): a body is announced by one of these headers. */
function announcesBody(req: Request): boolean {
  return (
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
  );
}

/**
 * A too-large body names the limit that applied; a domain error thrown by `verify` comes back
 * wrapped by body-parser (with the raw text attached: dropped). body-parser passes decompression
 * failures (zlib errors) on without a `type`: they get one.
 */
function typed(err: unknown, parser: LimitedParser): Error {
  if (!(err instanceof Error)) return new Error(String(err));
  if (err instanceof DomainError) return Object.assign(err, { body: undefined });
  const type = (err as { type?: unknown }).type;
  if (type === 'entity.too.large') return new BodyTooLarge(parser.limit, parser.ofRoute);
  if (typeof type !== 'string') return Object.assign(err, { type: BODY_DECODE_FAILED });
  return err;
}
