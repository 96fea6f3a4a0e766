import { HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { PinoLogger } from 'nestjs-pino';
import type { Counter } from '../metrics/prom-client';
import { CommonSettings } from '../settings/common-settings';
import { parseSize } from './sizes';
import { pathForLog } from '../logging/capability-paths';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { isDatabaseUnavailable } from '../persistence/pg-errors';
import { Actor } from '../auth/actor';
import { BODY_DECODE_FAILED } from './json-body.interceptor';
import { closeAfterAnswer, UnreadBodyLimits } from './unread-body';
import { DomainError, ErrorKind, FieldError } from '../errors/domain-error';
import type { ErrorCode } from '../errors/error-codes';
import { LogEntryRecorder } from '../errors/log-entry-recorder';
import { PROBLEM_JSON, ProblemDetails } from '../errors/problem-details';
import { TOKEN_CHALLENGE } from '../openapi/security-schemes';

const KIND_STATUS: Record<ErrorKind, number> = {
  [ErrorKind.BadRequest]: 400,
  [ErrorKind.Unauthenticated]: 401,
  [ErrorKind.Forbidden]: 403,
  [ErrorKind.NotFound]: 404,
  [ErrorKind.Conflict]: 409,
  [ErrorKind.PayloadTooLarge]: 413,
  [ErrorKind.UnsupportedMediaType]: 415,
  [ErrorKind.Unprocessable]: 422,
  [ErrorKind.RateLimited]: 429,
  [ErrorKind.Unavailable]: 503,
  [ErrorKind.Failed]: 500,
};

/** How long the rest of a refused body is read (and discarded) after the answer, at most. */
const UNREAD_BODY_TIMEOUT_MS = 5000;

interface NormalizedError {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  logEntry: boolean;
  /** An entry written once already (DomainError.logEntryId): linked, not written again. */
  logEntryId?: string;
  retryAfterSeconds?: number;
}

/** body-parser's errors carry a `type` and a 4xx `status`. */
interface BodyParserError {
  type: string;
  status: number;
  limit?: number;
  message: string;
  /** The refused `Content-Encoding` (encoding.unsupported) or charset (charset.unsupported). */
  encoding?: string;
  charset?: string;
}

/**
 * Turns any thrown value into the error bodies of docs/design.md §4: one text/plain sentence for
 * 4xx, ProblemDetails for 5xx and for clients that ask for `application/problem+json`, and a
 * persisted log entry (linked from the body) for every 500 and for errors that ask for one, when
 * the caller is authenticated: a request without a valid token never writes to the database, so its
 * 500 names its request id instead (the server log has the details under it).
 */
@Injectable()
export class ErrorResponder {
  /** Up to the largest body a caller may send (JSON or upload), for a few seconds. */
  private readonly unreadBody: UnreadBodyLimits;
  /** 429s by the limit that refused (its error code), in /metrics. */
  private readonly rateLimited?: Counter<'policy'>;

  constructor(
    private readonly config: CommonSettings,
    private readonly recorder: LogEntryRecorder,
    private readonly logger: PinoLogger,
    metrics?: MetricsRegistry,
  ) {
    this.logger.setContext('ErrorResponder');
    this.rateLimited = metrics?.counter(
      'rate_limit_refusals_total',
      'Requests refused with 429, by the limit that refused them (the error code).',
      ['policy'],
    );
    this.unreadBody = {
      maxBytes: Math.max(parseSize(config.jsonBodyLimit), config.maxUploadBytes),
      timeoutMs: UNREAD_BODY_TIMEOUT_MS,
    };
  }

  async respond(
    exception: unknown,
    req: Request & { actor?: Actor },
    res: Response,
  ): Promise<void> {
    const error = this.normalize(exception, req);
    if (error.status === 429) this.rateLimited?.inc({ policy: error.code });
    const requestId = typeof req.id === 'string' ? req.id : '';
    if (error.status >= 500) {
      this.logger.error({ err: exception, requestId }, 'request failed');
    }
    let logId: string | undefined;
    let message = error.message;
    if (error.logEntryId) {
      logId = error.logEntryId;
      message = `${message} Log entry: ${this.config.baseUrl}/logentry/detail/${logId}`;
    } else if (error.logEntry && req.actor) {
      logId = randomUUID();
      await this.recorder
        .record({
          id: logId,
          status: error.status,
          method: req.method,
          route: pathForLog((req.originalUrl ?? req.url).split('?')[0]).slice(0, 500),
          code: error.code,
          message: error.message.slice(0, 1000),
          requestId,
        })
        .catch((err: unknown) =>
          this.logger.error({ err, requestId }, 'could not persist the log entry'),
        );
      message = `${message} Log entry: ${this.config.baseUrl}/logentry/detail/${logId}`;
    } else if (error.status === 500 && requestId) {
      message = `${message} Quote request id ${requestId} when reporting it.`;
    }
    if (res.headersSent) return;
    if (error.status === 401) res.setHeader('WWW-Authenticate', TOKEN_CHALLENGE);
    if (error.retryAfterSeconds !== undefined)
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    // Refused before its body was read (say, no valid token): close the connection rather than
    // wait for the next request behind a body nobody will look at (read and discarded, bounded).
    if (!req.complete) closeAfterAnswer(req, res, this.unreadBody);
    if (error.status >= 500 || wantsProblem(req)) {
      const problem: ProblemDetails = {
        type: 'about:blank',
        title: STATUS_CODES[error.status] ?? 'Error',
        status: error.status,
        detail: message,
        code: error.code,
        requestId,
        ...(logId ? { logId } : {}),
        ...(error.fields?.length ? { errors: error.fields } : {}),
      };
      // Every 503 says when to retry: the error's own estimate, else a few seconds.
      if (error.status === 503 && error.retryAfterSeconds === undefined)
        res.setHeader('Retry-After', '5');
      res.status(error.status).type(PROBLEM_JSON).send(JSON.stringify(problem));
      return;
    }
    res.status(error.status).type('text/plain; charset=utf-8').send(message);
  }

  private normalize(exception: unknown, req: Request): NormalizedError {
    if (exception instanceof DomainError) {
      return {
        status: KIND_STATUS[exception.kind],
        code: exception.code,
        message: exception.message,
        fields: exception.fields,
        logEntry: exception.logEntry,
        logEntryId: exception.logEntryId,
        retryAfterSeconds: exception.retryAfterSeconds,
      };
    }
    if (exception instanceof ThrottlerException) {
      return {
        status: 429,
        code: 'RATE_LIMITED',
        message: 'Rate limit exceeded.',
        logEntry: false,
      };
    }
    if (exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message)) {
      const path = (req.originalUrl ?? req.url).split('?')[0];
      return {
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        message: `No route matches ${req.method} ${path}.`,
        logEntry: false,
      };
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return {
        status: exception.getStatus(),
        code: 'HTTP_ERROR',
        message: httpMessage(exception),
        logEntry: false,
      };
    }
    if (isBodyParserError(exception)) return this.bodyParserError(exception, req);
    if (isDatabaseUnavailable(exception)) {
      return {
        status: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is unavailable; retry the request later.',
        // Nowhere to persist an entry while the database is down; the server log has the details.
        logEntry: false,
      };
    }
    return {
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred while processing the request.',
      logEntry: true,
    };
  }

  private bodyParserError(e: BodyParserError, req: Request): NormalizedError {
    switch (e.type) {
      case 'encoding.unsupported':
        return {
          status: 415,
          code: 'UNSUPPORTED_ENCODING',
          message: `The request body's Content-Encoding "${e.encoding}" is not supported: send it as identity, gzip, deflate or br.`,
          logEntry: false,
        };
      case 'charset.unsupported':
        return {
          status: 415,
          code: 'UNSUPPORTED_CHARSET',
          message: `The request body's charset "${e.charset}" is not supported: send UTF-8.`,
          logEntry: false,
        };
      case BODY_DECODE_FAILED:
        return {
          status: 400,
          code: 'UNDECODABLE_BODY',
          message: `The request body could not be decoded as ${String(req.headers['content-encoding']).trim().toLowerCase()}: ${e.message}.`,
          logEntry: false,
        };
      case 'entity.parse.failed':
        return {
          status: 400,
          code: 'MALFORMED_JSON',
          message: `The request body is not valid JSON: ${e.message}.`,
          logEntry: false,
        };
      case 'entity.too.large':
        return {
          status: 413,
          code: 'BODY_TOO_LARGE',
          message: `The request body is larger than the limit of ${this.config.jsonBodyLimit}.`,
          logEntry: false,
        };
      case 'entity.too.deep':
        return { status: 400, code: 'BODY_TOO_DEEP', message: e.message, logEntry: false };
      default:
        return {
          status: e.status,
          code: 'BAD_BODY',
          message: `The request body could not be read: ${e.message}.`,
          logEntry: false,
        };
    }
  }
}

function httpMessage(e: HttpException): string {
  const body = e.getResponse();
  if (typeof body === 'string') return body;
  const m = (body as { message?: unknown }).message;
  if (Array.isArray(m)) return m.join('; ');
  return typeof m === 'string' ? m : e.message;
}

function isBodyParserError(e: unknown): e is BodyParserError {
  const candidate = e as Partial<BodyParserError> | null;
  return (
    typeof candidate?.type === 'string' &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}

function wantsProblem(req: Request): boolean {
  return (req.headers.accept ?? '').toLowerCase().includes(PROBLEM_JSON);
}
