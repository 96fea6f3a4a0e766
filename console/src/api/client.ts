import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type Session = Schemas['SessionDto'];

/**
 * An answer the API refused: its status and the API's own message (ProblemDetails), with the link
 * to the log entry when the API kept one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly logUrl?: string,
  ) {
    super(message);
  }
}

/** The session's CSRF token, in memory only (never localStorage): set on sign-in and reload. */
let csrfToken: string | undefined;
export function rememberCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const session: Middleware = {
  onRequest({ request }) {
    // Errors as ProblemDetails (a message and the log entry), answers as JSON, unless the call
    // asks for another type.
    if (!request.headers.has('Accept'))
      request.headers.set('Accept', 'application/json, application/problem+json');
    if (UNSAFE.has(request.method) && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

/** The public API, typed from the committed openapi.json; the session cookie goes along. */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(session);

interface Problem {
  detail?: string;
  title?: string;
  logId?: string;
}

/**
 * The data of an openapi-fetch answer, or an ApiError with the API's message. The log entry link
 * is the one the API put in its message (`/logentry/detail/<id>`).
 */
export function data<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  const problem = (typeof result.error === 'object' ? result.error : {}) as Problem;
  const message =
    problem.detail ??
    problem.title ??
    (typeof result.error === 'string' && result.error
      ? result.error
      : `${result.response.status} ${result.response.statusText}`);
  const logUrl = problem.logId ? `/logentry/detail/${problem.logId}` : undefined;
  throw new ApiError(result.response.status, message, logUrl);
}
