import type { IncomingHttpHeaders } from 'node:http';

/** The token a request presents in the first of `headerNames` (lower-case) that carries one. */
export function presentedToken(
  headers: IncomingHttpHeaders,
  headerNames: readonly string[],
): string | undefined {
  for (const name of headerNames) {
    const value = headers[name];
    const token = (Array.isArray(value) ? value[0] : value)?.trim();
    if (token) return token;
  }
  return undefined;
}
