/** One HTTP exchange as a fault test sees it: an answer, or a network error, and how long it took. */
export interface Exchange {
  status: number; // 0: no answer (connection refused or reset, or the client's own time limit)
  contentType: string;
  headers: Headers;
  text: string;
  ms: number;
  error?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A multipart body (instead of `body`, which is sent as JSON). */
  form?: FormData;
  headers?: Record<string, string>;
  /** The client gives up after this; a fault test treats it as a hang. */
  timeoutMs?: number;
  /** `manual` answers a redirect itself (its Location) instead of following it. */
  redirect?: 'follow' | 'manual' | 'error';
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  { token, body, form, headers = {}, timeoutMs = 30_000, redirect }: CallOptions = {},
): Promise<Exchange> {
  const started = performance.now();
  try {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(token ? { SERVICE_API_TOKEN: token } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect,
    });
    const text = await res.text();
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      headers: res.headers,
      text,
      ms: performance.now() - started,
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return {
      status: 0,
      contentType: '',
      headers: new Headers(),
      text: '',
      ms: performance.now() - started,
      error: e.cause?.code ?? e.cause?.message ?? e.name ?? e.message,
    };
  }
}

/** Polls `probe` until it returns true, or fails after `timeoutMs`; resolves with the time it took. */
export async function until(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - started;
}
