import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppConfig } from '../../config/app-config';
import { serializeError } from './error-serializer';
import { truncateForLog } from './log-limits';
import { demoteStartupChatter, ReadableLogStream, wantsReadableLogs } from './readable-logs';

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
 * A request path without the capability it may carry: a share link's token is the key to its
 * page (DESIGN §10: links with tokens are never logged).
 */
export function withoutCapabilities(path: string | undefined): string | undefined {
  return path?.replace(/^(\/share\/)[^/]+/i, '$1[redacted]');
}

/**
 * The pino options of the service: JSON lines carrying the request id; see REDACTED_PATHS,
 * serializeError for the values of failed SQL statements, and LOG_LIMITS for the length of what
 * a line may carry (the logged fields, the error and the message are cut to them).
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    genReqId: (req: IncomingMessage) => req.id ?? 'unknown',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    formatters: { log: (fields: object) => truncateForLog(fields) as Record<string, unknown> },
    serializers: {
      req: (req: IncomingMessage & { id?: string }) => ({
        id: req.id,
        method: req.method,
        url: truncateForLog(withoutCapabilities(req.url?.split('?')[0])),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: (err: unknown) => truncateForLog(serializeError(err)),
      msg: (msg: unknown) => truncateForLog(msg),
    },
  };
}

/** Structured JSON logs (pino), with {@link loggerOptions}. */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig, stream?: DestinationStream): DynamicModule {
    // JSON lines on stdout, except for a developer at a terminal, who reads short lines and a
    // start-up without Nest's per-module and per-route lines (see readable-logs.ts).
    const readable = !stream && wantsReadableLogs(config.nodeEnv);
    const destination = readable ? new ReadableLogStream(process.stdout) : stream;
    const options = {
      ...loggerOptions(config),
      ...(readable ? { hooks: { logMethod: demoteStartupChatter } } : {}),
    };
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: destination ? [options, destination] : options,
          // Health checks are polled and never logged: they skip the request logger, whose
          // per-request child logger and async context would cost them more than their own work.
          exclude: [{ method: RequestMethod.ALL, path: 'health/*path' }],
        }),
      ],
    };
  }
}
