import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { storage } from 'nestjs-pino/storage';
import type { Logger } from 'pino';

/**
 * The request logger: every log line written while a request is served carries the request
 * (`req`: its id, method and path, as the `req` serializer writes them), and each request ends
 * with one line, `request completed` (or `request errored` for a 5xx), with its status and
 * `responseTime` in ms, at `info`.
 *
 * It does per request only what that request needs: the request's child logger is made the
 * first time something logs (most requests log nothing below `info`, and making a child
 * serializes and redacts its bindings), and when `info` is off no completion line is prepared at
 * all. Lines are written through nestjs-pino's request context, so `PinoLogger` and Nest's
 * `Logger` find the request's logger as they would with pino-http.
 */
export function requestLogger(
  root: Logger,
  options: { skipPaths: readonly string[] },
): RequestHandler {
  const skip = options.skipPaths.map((path) => path.toLowerCase());
  const below = skip.map((path) => `${path}/`);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (skipped(req.path.toLowerCase(), skip, below)) return next();
    const context = new RequestLogContext(root, req);
    if (root.isLevelEnabled('info')) {
      const started = Date.now();
      // 'close' follows 'finish' for every response, and comes alone when the client went away.
      res.once('close', () => context.completed(res, Date.now() - started));
    }
    storage.run(context, next);
  };
}

/** Whether the lower-cased `path` is one of `skip` or below one of them (`below`: each with '/'). */
function skipped(path: string, skip: readonly string[], below: readonly string[]): boolean {
  return skip.some((s, i) => path === s || path.startsWith(below[i]));
}

/**
 * nestjs-pino's request context (its `Store`): the request's logger, made on first use.
 * `PinoLogger.assign` replaces it with a child carrying more fields.
 */
export class RequestLogContext {
  private child?: Logger;
  readonly responseLogger = undefined;

  constructor(
    private readonly root: Logger,
    private readonly req: Request,
  ) {}

  get logger(): Logger {
    return (this.child ??= this.root.child({ req: this.req }));
  }

  set logger(logger: Logger) {
    this.child = logger;
  }

  /** The request's last line (the fields and messages pino-http writes). */
  completed(res: Response, responseTime: number): void {
    if (res.statusCode >= 500) {
      const err = new Error(`failed with status code ${res.statusCode}`);
      this.logger.info({ res, err, responseTime }, 'request errored');
    } else {
      this.logger.info({ res, responseTime }, 'request completed');
    }
  }
}
