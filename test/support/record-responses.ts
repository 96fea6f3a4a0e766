import { NextFunction, Request, Response } from 'express';
import { gunzipSync } from 'node:zlib';
import { RecordedResponse } from './contract';

/** Express middleware (tests only): keeps a copy of every response the app sends. */
export function recordResponses(into: RecordedResponse[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown): void => {
      if (Buffer.isBuffer(chunk)) chunks.push(chunk);
      else if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
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
        headers: Object.fromEntries(
          Object.entries(res.getHeaders()).map(([name, value]) => [
            name.toLowerCase(),
            Array.isArray(value) ? value.join(', ') : String(value),
          ]),
        ),
        // As the caller reads it: a gzipped answer (Content-Encoding) is checked unzipped.
        body:
          res.getHeader('content-encoding') === 'gzip'
            ? gunzipSync(Buffer.concat(chunks))
            : Buffer.concat(chunks),
      }),
    );
    next();
  };
}
