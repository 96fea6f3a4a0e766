import type { IncomingHttpHeaders } from 'node:http';

/** The header a client sends its API token in (API_TOKEN_HEADERS may add aliases). */
export const TOKEN_HEADER = 'SERVICE_API_TOKEN';

/** The `WWW-Authenticate` challenge of every 401 (RFC 9110 §11.6.1): the header to send. */
export const TOKEN_CHALLENGE = `ApiKey header="${TOKEN_HEADER}"`;

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
