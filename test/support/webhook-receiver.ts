import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';

/** One POST a receiver got. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed envelope. */
  event: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  /** The status answered. */
  status: number;
}

/** What the receiver answers one delivery: a status, headers, and a delay before answering. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  delayMs?: number;
}

/**
 * A webhook receiver on loopback: keeps every delivery and answers what `answer` says for it
 * (200 by default). `waitFor` resolves once `predicate` holds for the deliveries kept.
 */
export async function startWebhookReceiver(
  answer: (delivery: Omit<ReceivedDelivery, 'status'>, index: number) => Answer = () => ({}),
) {
  const received: ReceivedDelivery[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery = {
        headers: req.headers,
        body,
        event: JSON.parse(body) as ReceivedDelivery['event'],
      };
      const a = answer(delivery, received.length);
      const status = a.status ?? 200;
      const reply = () => {
        received.push({ ...delivery, status });
        waiters.splice(0).forEach((w) => w());
        res.writeHead(status, a.headers ?? {});
        res.end();
      };
      if (a.delayMs) setTimeout(reply, a.delayMs);
      else reply();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    async waitFor(
      predicate: (r: ReceivedDelivery[]) => boolean,
      timeoutMs = 20_000,
    ): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `the receiver did not get what was awaited; it has ${received.length}: ${received.map((r) => `${r.event.type}/${r.status}`).join(', ')}`,
          );
        await new Promise<void>((resume) => {
          waiters.push(resume);
          setTimeout(resume, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
