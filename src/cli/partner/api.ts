/**
 * The public HTTP API as the partner commands call it: `fetch` with the token in the
 * SERVICE_API_TOKEN header, nothing of the server's code. The token is never part of a message.
 */

/** How long one request to the API may take before it is abandoned. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How much of an error answer a message quotes. */
const MAX_QUOTED = 300;

/** An answer other than 2xx (`status` 0: the API could not be reached). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the API asked to wait (Retry-After), if it did. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** Whether asking again later may succeed: the API unreachable, overloaded or failing. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** What the token acts as (GET /api/clients/current). */
export interface CurrentClient {
  handle: string;
  name?: string;
  role: string;
  sandbox?: boolean;
}

/** An event as the log answers it and a webhook delivers it. */
export interface LoggedEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface EventPage {
  data: LoggedEvent[];
  next: string;
}

/** What a refused request means for the person running the command. */
function hint(status: number, path: string): string {
  if (status === 401)
    return ' The token is unknown, revoked or expired, or of the other kind (live/sandbox) than the client: check PCI_TOKEN or --token-file.';
  if (status === 403 && path.startsWith('/api/events'))
    return ' Reading the event log needs an Admin token of the client.';
  return '';
}

/** The text of an error answer: its `message` or `detail` when JSON, else the text, cut short. */
function quoted(text: string): string {
  let said = text.trim();
  try {
    const body = JSON.parse(said) as { message?: unknown; detail?: unknown };
    const field = body.detail ?? body.message;
    if (typeof field === 'string') said = field;
    else if (Array.isArray(field)) said = field.join('; ');
  } catch {
    // Not JSON: the text as it is.
  }
  said = said.replace(/\s+/g, ' ');
  return said.length > MAX_QUOTED ? `${said.slice(0, MAX_QUOTED - 1)}…` : said;
}

/** The API at `baseUrl` (no trailing slash), called with `token`. */
export class PartnerApi {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** A JSON request; the parsed answer of a 2xx, else ApiFailure naming the request. */
  async call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = {
      SERVICE_API_TOKEN: this.token,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : '');
      throw new ApiFailure(
        0,
        `Cannot reach the API at ${this.baseUrl} (${method} ${path}: ${why}).`,
      );
    }
    const text = await res.text();
    if (res.status < 200 || res.status > 299) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new ApiFailure(
        res.status,
        `${method} ${path} answered ${res.status}: ${quoted(text)}.${hint(res.status, path)}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  currentClient(): Promise<CurrentClient> {
    return this.call('GET', '/api/clients/current');
  }

  /** One page of the event log, oldest first, after `after` (from the oldest kept without it). */
  events(after: string | null, limit: number, signal?: AbortSignal): Promise<EventPage> {
    const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
    return this.call('GET', `/api/events?${query.toString()}`, undefined, signal);
  }
}
