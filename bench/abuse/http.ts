/**
 * The abuse suite's HTTP calls: node:http (so that a path is sent byte for byte, `\` and `..`
 * included), a deadline on every request, answers counted but not kept unless asked, and never an
 * exception: a refused connection or a timeout is an answer with status 0 and its reason.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** An attack's request may take this long (H1 stalled the app for 66 s on an idle machine). */
export const LONG = 300_000;

export interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as is (no normalisation). */
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: Buffer | string;
  /** The answer's body is kept (as text) when true; otherwise only its size. */
  keep?: boolean;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Aborts the call (status 0, error "aborted"). */
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  bytes: number;
  ms: number;
  /** Set when no HTTP answer came (status 0): "timeout", "aborted" or the socket error. */
  error?: string;
}

/** Only loopback targets: the suite attacks the app it started, nothing else. */
export function assertLoopbackUrl(baseUrl: string): void {
  const host = new URL(baseUrl).hostname;
  if (host !== '127.0.0.1') throw new Error(`the abuse suite only targets 127.0.0.1, not ${host}`);
}

/** One request to `baseUrl` (127.0.0.1 only) on `agent`. */
export function call(agent: http.Agent, baseUrl: string, spec: Call): Promise<Answer> {
  assertLoopbackUrl(baseUrl);
  const url = new URL(baseUrl);
  const timeoutMs = spec.timeoutMs ?? 30_000;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, 'ms'>): void => {
      if (settled) return;
      settled = true;
      spec.signal?.removeEventListener('abort', onAbort);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const fail = (error: string): void =>
      done({ status: 0, headers: {}, body: '', bytes: 0, error });
    const headers: http.OutgoingHttpHeaders = { ...spec.headers };
    const payload = typeof spec.body === 'string' ? Buffer.from(spec.body) : spec.body;
    if (payload) headers['content-length'] = payload.length;
    const req = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        method: spec.method ?? 'GET',
        path: spec.path,
        headers,
      },
      (res) => {
        const parts: Buffer[] = [];
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          if (spec.keep || (res.statusCode ?? 0) >= 400) parts.push(d);
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8').slice(0, 100_000),
            bytes,
          }),
        );
        res.on('error', (err) => fail(err.message));
      },
    );
    const onAbort = (): void => {
      req.destroy();
      fail('aborted');
    };
    if (spec.signal?.aborted) return onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      fail('timeout');
    });
    // A server may answer (e.g. 401, 413) and close while the body is still being written.
    req.on('error', (err) => fail(err.message));
    req.end(payload);
  });
}

/** A multipart/form-data body: text fields, then one file part `file`. */
export function multipart(
  file: Buffer,
  filename: string,
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----pci-abuse-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
