import { NextFunction, Request, Response } from 'express';
import { RecordedResponse } from './contract';

/** Express middleware (tests only): keeps a copy of every response the app sends. */
export function recordResponses(into: RecordedResponse[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown): void => {
      if (chunk && typeof chunk !== 'function')
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return end(chunk, ...rest);
    }) as Response['end'];
    res.once('finish', () =>
      into.push({
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        contentType: String(res.getHeader('content-type') ?? ''),
        body: Buffer.concat(chunks),
      }),
    );
    next();
  };
}
