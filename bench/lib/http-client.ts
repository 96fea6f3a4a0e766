/**
 * Single HTTP requests to the app over `node:http` (readiness, checks), with the API token once
 * one is set. The load itself comes from wrk (wrk.ts).
 */
import http from 'node:http';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  /** The Accept header (default application/json). */
  accept?: string;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Size of the response body. */
  bytes: number;
}

let token = '';

/** Sends `token` as SERVICE_API_TOKEN with every later request. */
export function setApiToken(value: string): void {
  token = value;
}

/** Sends one request; the body of a 2xx reply is only kept with `keepBody` (its size always). */
export function send(
  agent: http.Agent,
  baseUrl: string,
  spec: RequestSpec,
  keepBody = false,
  timeoutMs = 120_000,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const url = new URL(spec.path, baseUrl);
    const headers: http.OutgoingHttpHeaders = { accept: spec.accept ?? 'application/json' };
    if (token) headers.SERVICE_API_TOKEN = token;
    let payload: Buffer | undefined;
    if (spec.body !== undefined) {
      payload = Buffer.from(spec.body, 'utf8');
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const req = http.request(
      { agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        const parts: Buffer[] = [];
        const status = res.statusCode ?? 0;
        const keep = keepBody || status < 200 || status >= 300;
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          if (keep) parts.push(d);
        });
        res.on('end', () =>
          resolve({
            status,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8'),
            bytes,
          }),
        );
        res.on('error', reject);
      },
    );
    req.method = spec.method;
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** One request on a connection of its own; the reply's body is kept. */
export async function requestOnce(baseUrl: string, spec: RequestSpec): Promise<Reply> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    return await send(agent, baseUrl, spec, true);
  } finally {
    agent.destroy();
  }
}
