import { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { HelmetOptions } from 'helmet';

/**
 * helmet's security headers, worked out once: with options that hold no functions (no per-request
 * nonce), helmet sets the same headers on every response, so they are recorded from one run of its
 * middleware and then set as they are. helmet's own middleware is a chain of thirteen, one per
 * header; this is one loop over constant pairs.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as Request, recorder as unknown as Response, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be fixed');
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
