import { Agent, createServer, request } from 'node:http';
import { AddressInfo } from 'node:net';

/** The response header naming the upstream (its index in `upstreams`) that served a request. */
export const UPSTREAM_HEADER = 'x-upstream';

export interface RoundRobinProxy {
  url: string;
  /** The upstreams' base URLs, in turn; add to it as upstreams start. */
  upstreams: string[];
  /** Requests forwarded to each upstream so far (by index). */
  served: number[];
  close(): Promise<void>;
}

/**
 * The load balancer of the compose topology (deploy/nginx.conf) as a small HTTP proxy on loopback:
 * each request goes to the next upstream in turn, its headers unchanged (names with underscores,
 * such as SERVICE_API_TOKEN, included), with `X-Forwarded-For` overwritten by the caller's address
 * and `X-Forwarded-Proto`, as nginx sets them. Each answer says which upstream served it in
 * `X-Upstream` (its index in `upstreams`); an upstream that does not answer gives 502.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const served = upstreams.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    if (upstreams.length === 0) {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('no upstream yet');
      return;
    }
    const index = next++ % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(req.url ?? '/', upstreams[index]);
    // rawHeaders keeps every header as sent (names, case, repeats), less the two set here.
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i].toLowerCase();
      if (name === 'x-forwarded-for' || name === 'x-forwarded-proto') continue;
      headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
    headers.push('X-Forwarded-For', req.socket.remoteAddress ?? '127.0.0.1');
    headers.push('X-Forwarded-Proto', 'http');
    const upstream = request(target, { method: req.method, headers, agent }, (answer) => {
      const out: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        out.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      out.push('X-Upstream', String(index));
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.pipe(res);
    });
    upstream.on('error', (err) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'Content-Type': 'text/plain', 'X-Upstream': String(index) });
      res.end(`upstream ${index} did not answer: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreams,
    served,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => done());
      }),
  };
}
