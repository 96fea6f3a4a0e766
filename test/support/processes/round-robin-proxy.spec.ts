import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { startRoundRobinProxy, UPSTREAM_HEADER } from './round-robin-proxy';

/** An upstream that answers with its name and the headers it got. */
async function upstream(name: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Name': name });
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('The round-robin proxy of the topology tests', () => {
  it('alternates between its upstreams, forwards requests unchanged and names the upstream', async () => {
    const ups = await Promise.all([upstream('a'), upstream('b')]);
    const proxy = await startRoundRobinProxy(ups.map((u) => u.url));
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${proxy.url}/api/x?i=${i}`, {
          method: 'POST',
          headers: {
            SERVICE_API_TOKEN: 'secret',
            'X-Forwarded-For': '203.0.113.9',
            'Content-Type': 'text/plain',
          },
          body: `body ${i}`,
        });
        const got = (await res.json()) as {
          name: string;
          method: string;
          url: string;
          headers: IncomingHttpHeaders;
          body: string;
        };
        answers.push({ status: res.status, upstream: res.headers.get(UPSTREAM_HEADER), got });
        expect(res.headers.get('x-name')).toBe(got.name);
      }
      expect(answers.map((a) => [a.status, a.upstream, a.got.name])).toEqual([
        [201, '0', 'a'],
        [201, '1', 'b'],
        [201, '0', 'a'],
        [201, '1', 'b'],
      ]);
      for (const [i, { got }] of answers.entries()) {
        expect(got).toMatchObject({ method: 'POST', url: `/api/x?i=${i}`, body: `body ${i}` });
        expect(got.headers).toMatchObject({
          service_api_token: 'secret',
          'x-forwarded-for': '127.0.0.1',
          'x-forwarded-proto': 'http',
        });
      }
      expect(proxy.served).toEqual([2, 2]);
    } finally {
      await proxy.close();
      for (const u of ups) u.server.close();
    }
  });

  it('answers 502 when the upstream does not answer', async () => {
    const gone = await upstream('gone');
    gone.server.close();
    const proxy = await startRoundRobinProxy([gone.url]);
    try {
      const res = await fetch(proxy.url);
      expect([res.status, res.headers.get(UPSTREAM_HEADER)]).toEqual([502, '0']);
    } finally {
      await proxy.close();
    }
  });
});
