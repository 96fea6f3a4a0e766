import { NextFunction, Request, Response } from 'express';
import { DomainError, ErrorKind } from '../errors/domain-error';

/** The path of a request target as it came: before `?`, neither decoded nor normalised. */
export function rawPathOf(target: string): string {
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}

/**
 * Why `rawPath` could be read as another path by a URL normaliser than by the router, or
 * undefined when it cannot. A WHATWG parser (browsers, `new URL`, proxies) turns `\` into `/`,
 * resolves `.` and `..` segments (also spelt `%2e`) and drops tabs and newlines; Express routes
 * the raw text, splitting only at `/` and decoding each parameter afterwards (so `%2f` and `%5c`
 * become a slash or backslash inside one segment). A path holding none of these means the same
 * to both, which is what a signature over a path, or a path-segment parameter, relies on.
 */
export function pathAmbiguity(rawPath: string): string | undefined {
  if (rawPath.includes('\\')) return 'a backslash (\\)';
  const encoded = /%(2e|2f|5c)/i.exec(rawPath);
  if (encoded)
    return `an encoded ${{ '2e': '.', '2f': '/', '5c': '\\' }[encoded[1].toLowerCase()]} (${encoded[0]})`;
  if (/[\u0000-\u0020\u007f]/.test(rawPath)) return 'a control character or space';
  const segments = rawPath.split('/').slice(1);
  for (const [i, segment] of segments.entries()) {
    if (segment === '.' || segment === '..') return `a ${segment} segment`;
    // A trailing slash is no segment (routes answer with and without one).
    if (segment === '' && i < segments.length - 1) return 'an empty segment (//)';
  }
  return undefined;
}

/** 400: a path that a URL normaliser and the router would read differently (see pathAmbiguity). */
export class AmbiguousPath extends DomainError {
  constructor(problem: string) {
    super(
      'PATH_AMBIGUOUS',
      ErrorKind.BadRequest,
      `The request path contains ${problem}; send the path without backslashes, ".", ".." or empty segments, and without encoded ".", "/" or "\\".`,
    );
  }
}

/**
 * Express middleware refusing (400) a request whose raw path is ambiguous, before any guard or
 * handler reads it: for routes whose path carries meaning a normaliser could change (signed
 * render URLs, path-segment parameters).
 */
export function refuseAmbiguousPaths(req: Request, _res: Response, next: NextFunction): void {
  const problem = pathAmbiguity(rawPathOf(req.originalUrl ?? req.url));
  next(problem === undefined ? undefined : new AmbiguousPath(problem));
}
