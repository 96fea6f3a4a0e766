import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { OutboundAgents } from './outbound-agents';
import { postPinned, PostFailed } from './outbound-post';
import { ResolvedTarget } from './outbound-target';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server | undefined;

/** A loopback server answering with `handler` once the request body is in; its port. */
async function serve(handler: Handler): Promise<number> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A target naming `host` in its URL but pinned to 127.0.0.1, as OutboundTargets gives it. */
const pinned = (port: number, host = '127.0.0.1', path = '/hook'): ResolvedTarget => ({
  url: new URL(`http://${host}:${port}${path}`),
  address: '127.0.0.1',
  family: 4,
});

afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
  server = undefined;
});

describe('postPinned', () => {
  it('posts the body and headers and gives the status and an excerpt of the answer', async () => {
    let seen: {
      method?: string;
      url?: string;
      headers?: IncomingMessage['headers'];
      body?: string;
    } = {};
    const port = await serve((req, body, res) => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      res.writeHead(202, { 'content-type': 'text/plain' }).end('accepted ✓');
    });
    const result = await postPinned(
      pinned(port, '127.0.0.1', '/hook?x=1'),
      '{"a":1}',
      { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
      5000,
    );
    expect(result).toEqual({
      status: 202,
      retryAfterSeconds: null,
      durationMs: expect.any(Number) as number,
      bodyExcerpt: 'accepted ✓',
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/hook?x=1');
    expect(seen.body).toBe('{"a":1}');
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'content-length': '7',
    });
  });

  it('connects to the pinned address while the Host header keeps the URL host name', async () => {
    const hosts: (string | undefined)[] = [];
    const port = await serve((req, _body, res) => {
      hosts.push(req.headers.host);
      res.end();
    });
    await postPinned(pinned(port, 'localhost'), '', { Host: 'evil.example' }, 5000);
    // A name no DNS resolves: only the pin can have reached the server.
    await postPinned(pinned(port, 'hooks.invalid'), '', {}, 5000);
    expect(hosts).toEqual([`localhost:${port}`, `hooks.invalid:${port}`]);
  });

  it('does not follow a redirect', async () => {
    const paths: (string | undefined)[] = [];
    const port = await serve((req, _body, res) => {
      paths.push(req.url);
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    const result = await postPinned(pinned(port), '{}', {}, 5000);
    expect(result.status).toBe(302);
    expect(paths).toEqual(['/hook']);
  });

  it('reads Retry-After in seconds and as an HTTP date', async () => {
    let retryAfter = '';
    const port = await serve((_req, _body, res) => {
      res.writeHead(503, { 'retry-after': retryAfter }).end();
    });
    const post = () => postPinned(pinned(port), '{}', {}, 5000);

    retryAfter = '120';
    await expect(post()).resolves.toMatchObject({ status: 503, retryAfterSeconds: 120 });
    retryAfter = new Date(Date.now() + 90_000).toUTCString();
    const { retryAfterSeconds } = await post();
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(85);
    expect(retryAfterSeconds).toBeLessThanOrEqual(90);
    retryAfter = new Date(Date.now() - 90_000).toUTCString();
    await expect(post()).resolves.toMatchObject({ retryAfterSeconds: 0 });
    retryAfter = 'soon';
    await expect(post()).resolves.toMatchObject({ retryAfterSeconds: null });
    retryAfter = '-5';
    await expect(post()).resolves.toMatchObject({ retryAfterSeconds: null });
  });

  it('fails when no answer comes in time', async () => {
    const port = await serve(() => {});
    const error: unknown = await postPinned(pinned(port), '{}', {}, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostFailed);
    expect((error as PostFailed).message).toBe('no answer within 200 ms');
    expect((error as PostFailed).durationMs).toBeGreaterThanOrEqual(150);
  });

  it('fails when the connection is refused', async () => {
    const port = await serve(() => {});
    server?.close();
    await once(server!, 'close');
    server = undefined;
    await expect(postPinned(pinned(port), '{}', {}, 5000)).rejects.toThrow(
      new PostFailed('the connection was refused', 0),
    );
  });

  it('fails on a TLS error', async () => {
    // An https URL pinned to a plain http server: the handshake cannot succeed.
    const port = await serve((_req, _body, res) => res.end());
    const target = { ...pinned(port, 'localhost'), url: new URL(`https://localhost:${port}/`) };
    await expect(postPinned(target, '{}', {}, 5000)).rejects.toThrow(
      new PostFailed('the TLS handshake failed: wrong version number', 0),
    );
  });

  it('sends the URL host name as TLS SNI while connecting to the pinned address', async () => {
    const names: string[] = [];
    // No certificate needed: the name arrives in the ClientHello, and the server then hangs up.
    const tlsServer = createTlsServer({
      SNICallback: (name, done) => {
        names.push(name);
        done(new Error('no certificate here'));
      },
    });
    tlsServer.listen(0, '127.0.0.1');
    await once(tlsServer, 'listening');
    try {
      const { port } = tlsServer.address() as AddressInfo;
      const target = { ...pinned(port), url: new URL(`https://hooks.invalid:${port}/`) };
      await expect(postPinned(target, '{}', {}, 5000)).rejects.toBeInstanceOf(PostFailed);
      expect(names).toEqual(['hooks.invalid']);
    } finally {
      tlsServer.close();
    }
  });

  it('stops reading a huge answer and keeps 1 kB of it', async () => {
    let written = 0;
    const port = await serve((_req, _body, res) => {
      // An endless answer: the client has to stop it.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'é');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
      };
      res.on('drain', pump);
      pump();
    });
    const result = await postPinned(pinned(port), '{}', {}, 5000);
    expect(result.status).toBe(200);
    // 'é' is two bytes: 512 whole characters, none cut in half.
    expect(result.bodyExcerpt).toBe('é'.repeat(512));
    expect(written).toBeLessThan(10 * 1024 * 1024);
  });
});

describe('postPinned with kept-alive connections (OutboundAgents)', () => {
  let agents: OutboundAgents;
  beforeEach(() => (agents = new OutboundAgents()));
  afterEach(() => agents.destroy());

  it('sends one delivery after another over one connection to the same checked address', async () => {
    const port = await serve((_req, _body, res) => res.writeHead(204).end());
    let connections = 0;
    server!.on('connection', () => (connections += 1));
    for (let i = 0; i < 5; i += 1)
      expect((await postPinned(pinned(port), '{}', {}, 5000, agents)).status).toBe(204);
    expect(connections).toBe(1);
  });

  it('keeps a pool per pinned address: a name that resolves elsewhere never reuses a connection', async () => {
    const port = await serve((_req, _body, res) => res.writeHead(204).end());
    const named = pinned(port, 'hooks.invalid');
    expect(agents.for(named)).toBe(agents.for(pinned(port, 'hooks.invalid')));
    expect(agents.for(named)).not.toBe(agents.for({ ...named, address: '127.0.0.2' }));
    expect(agents.for(named)).not.toBe(agents.for(pinned(port)));
  });

  it('retries once on a fresh connection when the server closed the kept one as it was reused', async () => {
    let requests = 0;
    const port = await serve((req, _body, res) => {
      requests += 1;
      // The second request arrives on the kept connection: drop it without an answer.
      if (requests === 2) req.socket.destroy();
      else res.writeHead(204).end();
    });
    expect((await postPinned(pinned(port), '{}', {}, 5000, agents)).status).toBe(204);
    expect((await postPinned(pinned(port), '{}', {}, 5000, agents)).status).toBe(204);
    expect(requests).toBe(3);
  });
});
