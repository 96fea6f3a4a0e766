import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SmsWebhook } from './sms-webhook';
import { DeliveryRefused } from './smtp-mailer';

/** A provider on loopback that answers with the next status of `statuses`. */
async function provider(statuses: number[]) {
  const received: { path: string; body: unknown; type?: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(body),
        type: req.headers['content-type'],
      });
      res.statusCode = statuses.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?key=s3cret`;
  return { url, received, close: () => new Promise((done) => server.close(done)) };
}

describe('SmsWebhook', () => {
  it('POSTs {to, body} as JSON; any 2xx is sent', async () => {
    const p = await provider([202]);
    await new SmsWebhook(p.url).send('+4915112345678', 'Hallo');
    expect(p.received).toEqual([
      {
        path: '/send?key=s3cret',
        body: { to: '+4915112345678', body: 'Hallo' },
        type: 'application/json',
      },
    ]);
    await p.close();
  });

  it('refuses for good on a 4xx, fails for a retry on 429 and 5xx, and never names the URL', async () => {
    const p = await provider([400, 429, 503]);
    const sms = new SmsWebhook(p.url);
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      const err = (await sms.send('+4915112345678', 'x').catch((e: unknown) => e)) as Error;
      expect(err.message).not.toContain('s3cret');
      outcomes.push(`${err instanceof DeliveryRefused ? 'refused' : 'retry'} ${err.message}`);
    }
    expect(outcomes).toEqual([
      'refused SMS provider answered 400',
      'retry SMS provider answered 429',
      'retry SMS provider answered 503',
    ]);
    await p.close();
  });

  it('fails for a retry when the provider cannot be reached', async () => {
    const p = await provider([]);
    await p.close();
    await expect(new SmsWebhook(p.url).send('+4915112345678', 'x')).rejects.toThrow(
      'SMS provider unreachable',
    );
  });
});
