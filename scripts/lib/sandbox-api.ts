/**
 * The public HTTP API as the sandbox check (scripts/sandbox-check.ts) calls it: a partner's view,
 * through `fetch` only, with the token in SERVICE_API_TOKEN. Any answer but 2xx throws ApiError
 * with its status and text (HTML pages reduced to their text).
 */

export type Fetch = typeof fetch;

/** How long one request may take before it is abandoned. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A request the API answered with something else than 2xx (status 0: it could not be sent). */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly text: string,
  ) {
    super(
      status === 0
        ? `${method} ${path} could not be sent: ${text}`
        : `${method} ${path} answered ${status}: ${text}`,
    );
  }
}

/** The body of a 2xx answer; any other status is an ApiError naming the request and the text. */
async function answeredText(method: string, path: string, res: Response): Promise<string> {
  const text = await res.text();
  if (res.status < 200 || res.status > 299)
    throw new ApiError(
      method,
      path,
      res.status,
      readableText(text, res.headers.get('content-type')),
    );
  return text;
}

export interface CurrentClient {
  handle: string;
  name: string;
  role: string;
  sandbox?: boolean;
}

export interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[] | null;
  status: 'enabled' | 'disabled';
}

export interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  error: string | null;
  createdAt: string;
}

export interface LoggedEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface ProductLocation {
  handle: string;
  printArea: { widthMm: number; heightMm: number };
}

export interface Product {
  handle: string;
  locations: ProductLocation[];
  sharingEnabled?: boolean;
  skus?: { sku: string }[];
}

/** How the client's orders are checked (GET/PATCH /api/clients/{clientHandle}/order-settings). */
export interface OrderSettings {
  skuPolicy: string;
}

/** An e-mail or SMS the sandbox held instead of sending it (GET /api/sandbox/messages). */
export interface HeldMessage {
  id: string;
  channel: 'email' | 'sms';
  kind: string;
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

export interface UpdateResult {
  purchaseOrderNumber: string | null;
  status: string;
  details: string;
}

export interface AcknowledgementResult {
  purchaseOrderNumber: string | null;
  statuses: { recipeSetId: string | null; success: boolean; message: string | null }[] | null;
  allSuccessful: boolean;
}

/** A page (HTML) as a browser gets it: its status, text and the cookies it sets. */
export interface Page {
  status: number;
  text: string;
  cookies: string[];
}

/** The readable text of an HTML page (tags dropped, blanks collapsed), else the text as it is. */
export function readableText(text: string, contentType: string | null): string {
  const plain = contentType?.includes('html')
    ? text
        .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&[a-z#0-9]+;/gi, ' ')
        .replace(/\s+/g, ' ')
    : text;
  const trimmed = plain.trim();
  return trimmed.length > 2000 ? `${trimmed.slice(0, 2000)}…` : trimmed;
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export class SandboxApi {
  constructor(
    /** The service's origin and path prefix, without a trailing slash. */
    readonly baseUrl: string,
    private readonly token: string,
    private readonly fetchFn: Fetch = fetch,
  ) {}

  private async send(
    method: string,
    target: string,
    init: RequestInit,
    shown = target,
  ): Promise<Response> {
    try {
      return await this.fetchFn(`${this.baseUrl}${target}`, {
        ...init,
        method,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      const message = err instanceof Error ? err.message : String(err);
      throw new ApiError(method, shown, 0, cause ? `${message} (${cause})` : message);
    }
  }

  /** A JSON request with the token; the parsed answer of a 2xx, else ApiError. */
  private async call<T>(method: string, target: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      SERVICE_API_TOKEN: this.token,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await this.send(method, target, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answeredText(method, target, res);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  currentClient(): Promise<CurrentClient> {
    return this.call('GET', '/api/clients/current');
  }

  async endpoints(): Promise<Endpoint[]> {
    return (await this.call<{ data: Endpoint[] }>('GET', '/api/webhooks/endpoints')).data;
  }

  /** Queues a webhook.ping for one endpoint: its event id. */
  async ping(endpointId: string): Promise<string> {
    const res = await this.call<{ data: { eventId: string } }>(
      'POST',
      `/api/webhooks/endpoints/${path(endpointId)}/test`,
    );
    return res.data.eventId;
  }

  /** One page of an endpoint's delivery log, newest first. */
  deliveries(endpointId: string, cursor?: string) {
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
    return this.call<{ data: Delivery[]; next: string | null }>(
      'GET',
      `/api/webhooks/endpoints/${path(endpointId)}/deliveries?${query.toString()}`,
    );
  }

  /** One page of the event log, oldest first, after `after` (the `next` of the page before). */
  events(after?: string) {
    const query = new URLSearchParams({ limit: '500', ...(after ? { after } : {}) });
    return this.call<{ data: LoggedEvent[]; next: string }>(
      'GET',
      `/api/events?${query.toString()}`,
    );
  }

  async productHandles(clientHandle: string): Promise<string[]> {
    const res = await this.call<{ data: { handle: string }[] }>(
      'GET',
      `/api/catalog/${path(clientHandle, 'products')}`,
    );
    return res.data.map((p) => p.handle);
  }

  async product(clientHandle: string, productHandle: string): Promise<Product> {
    const res = await this.call<{ data: Product }>(
      'GET',
      `/api/catalog/${path(clientHandle, 'products', productHandle)}`,
    );
    return res.data;
  }

  /** Creates a recipe set: its readable id. */
  async createRecipeSet(body: Record<string, unknown>): Promise<string> {
    return (await this.call<{ data: { readableId: string } }>('POST', '/api/recipesets', body)).data
      .readableId;
  }

  /** The client's order settings, changed as `changes` says when given. */
  orderSettings(clientHandle: string, changes?: Partial<OrderSettings>): Promise<OrderSettings> {
    const target = `/api/clients/${path(clientHandle, 'order-settings')}`;
    return changes ? this.call('PATCH', target, changes) : this.call('GET', target);
  }

  acknowledge(body: Record<string, unknown>): Promise<AcknowledgementResult> {
    return this.call('POST', '/api/order/acknowledgement', body);
  }

  /** A sandbox helper on a purchase order: advance, ship, cancel or run. */
  sandboxOrder(po: string, action: string, body: Record<string, unknown>): Promise<UpdateResult> {
    return this.call('POST', `/api/sandbox/orders/${path(po, action)}`, body);
  }

  async messages(): Promise<HeldMessage[]> {
    return (await this.call<{ data: HeldMessage[] }>('GET', '/api/sandbox/messages')).data;
  }

  share(body: Record<string, unknown>): Promise<{ sent: number }> {
    return this.call('POST', '/api/share/send', body);
  }

  /** Invites a user: their id. */
  async invite(body: Record<string, unknown>): Promise<string> {
    return (await this.call<{ data: { id: string } }>('POST', '/api/user/invite', body)).data.id;
  }

  /** A public page (no token), as a browser would GET it, or POST a form to it with `cookie`. */
  async page(target: string, form?: Record<string, string>, cookie?: string): Promise<Page> {
    const headers: Record<string, string> = { Accept: 'text/html' };
    if (cookie) headers.Cookie = cookie;
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const method = form ? 'POST' : 'GET';
    // The invitation token in the path is a capability: never shown.
    const shown = target.replace(/\/invitation\/.*/, '/invitation/…');
    const res = await this.send(
      method,
      target,
      {
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        redirect: 'manual',
      },
      shown,
    );
    const text = await answeredText(method, shown, res);
    const cookies =
      typeof res.headers.getSetCookie === 'function'
        ? res.headers.getSetCookie()
        : [res.headers.get('set-cookie') ?? ''].filter(Boolean);
    return { status: res.status, text, cookies };
  }
}
