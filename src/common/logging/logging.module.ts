import { DynamicModule, Module } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CommonSettings } from '../settings/common-settings';
import { serializeError } from './error-serializer';
import { pathForLog } from './capability-paths';
import { truncateForLog } from './log-limits';
import { requestLogger } from './request-logger';
import {
  demoteStartupChatter,
  LineOut,
  ReadableLogStream,
  wantsReadableLogs,
} from './readable-logs';

/**
 * Paths removed from every log line. Request headers are never logged at all (they carry the
 * token); these catch secrets and personal data that code might pass to the logger by mistake.
 */
export const REDACTED_PATHS = [
  'req.headers',
  'headers',
  'token',
  '*.token',
  'password',
  '*.password',
  'emailAddress',
  '*.emailAddress',
  'email',
  '*.email',
  'phoneNumber',
  '*.phoneNumber',
  'customerAddress',
  '*.customerAddress',
  'shippingAddress',
  '*.shippingAddress',
];

/**
 * The pino options of the service: JSON lines carrying the request id; see REDACTED_PATHS,
 * serializeError for the values of failed SQL statements, and LOG_LIMITS for the length of what
 * a line may carry (the logged fields, the error and the message are cut to them).
 */
export function loggerOptions(config: Pick<CommonSettings, 'logLevel'>) {
  return {
    level: config.logLevel,
    // Nest's module, route and start lines at debug, whatever the destination.
    hooks: { logMethod: demoteStartupChatter },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    formatters: { log: (fields: object) => truncateForLog(fields) as Record<string, unknown> },
    serializers: {
      req: (req: IncomingMessage & { id?: string }) => ({
        id: req.id,
        method: req.method,
        url: truncateForLog(pathForLog(req.url?.split('?')[0] ?? '')),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: (err: unknown) => truncateForLog(serializeError(err)),
      msg: (msg: unknown) => truncateForLog(msg),
    },
  };
}

/** The request logger of the app (see {@link requestLogger}), for app.factory's middleware chain. */
export class RequestLogging {
  constructor(readonly middleware: RequestHandler) {}
}

/** Structured JSON logs (pino), with {@link loggerOptions}. */
@Module({})
export class LoggingModule {
  static forRoot(config: CommonSettings, stream?: DestinationStream): DynamicModule {
    // JSON lines on stdout (written asynchronously, as pino does by default), except for a
    // developer at a terminal, who reads short lines. One stream for the request logger and the
    // application's logger alike, so that their lines, and the banner, keep their order.
    const destination =
      stream ??
      (wantsReadableLogs(config.nodeEnv)
        ? new ReadableLogStream(process.stdout)
        : pino.destination({ dest: 1, sync: false }));
    output = destination;
    const root = pino(loggerOptions(config), destination);
    return {
      module: LoggingModule,
      imports: [
        // nestjs-pino's Logger and PinoLogger over `root`. Its request context is set by our
        // request logger, in the app's one composed middleware, not by a middleware of its own.
        LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true, forRoutes: [] }),
      ],
      providers: [
        {
          provide: RequestLogging,
          // Health checks are polled and never logged.
          useValue: new RequestLogging(requestLogger(root, { skipPaths: ['/health'] })),
        },
      ],
      exports: [RequestLogging],
    };
  }
}

/** The stream the process's logger writes to (see {@link logOutput}). */
let output: DestinationStream | undefined;

/**
 * Where the service's log lines go, for lines written beside them (the banner, the stop lines):
 * pino writes stdout asynchronously, so a line written to stdout directly would overtake the lines
 * logged before it. stdout itself before the logger exists.
 */
export function logOutput(): LineOut {
  const stream = output;
  if (!stream) return process.stdout;
  return { write: (text: string) => stream.write(text), isTTY: process.stdout.isTTY };
}
