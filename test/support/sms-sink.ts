import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * An SMS provider on loopback: keeps every `{to, body}` POSTed to it and answers with the next of
 * `statuses` (200 once they are used up).
 */
export async function startSmsSink(statuses: number[] = []) {
  const received: { to: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      if (status < 300) received.push(JSON.parse(text) as { to: string; body: string });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
