import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';

/** The envelope of a delivered event. */
export interface DeliveredEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** One POST a receiver got. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed envelope. */
  event: DeliveredEvent;
  /** The status answered (or to be answered, for a delayed answer). */
  status: number;
  /** When the whole request had arrived (Date.now()). */
  at: number;
}

/** What the receiver answers one delivery: a status, headers, a body, a delay before answering. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export type Answering = (delivery: Omit<ReceivedDelivery, 'status'>, index: number) => Answer;

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * A webhook receiver on loopback: keeps every delivery as it arrives (in arrival order) and
 * answers what `answer` says for it (200 by default; `answerWith` replaces it later). `waitFor`
 * resolves once `predicate` holds for the deliveries kept. A delivery is kept before it is
 * answered: the delivery log of the app shows its outcome a moment later.
 */
export async function startWebhookReceiver(answer: Answering = () => ({})) {
  let answering = answer;
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
        event: JSON.parse(body) as DeliveredEvent,
        at: Date.now(),
      };
      const a = answering(delivery, received.length);
      const status = a.status ?? 200;
      received.push({ ...delivery, status });
      waiters.splice(0).forEach((w) => w());
      const reply = () => {
        // The sender may have given up (a timeout) and closed the connection meanwhile.
        if (res.destroyed) return;
        res.writeHead(status, a.headers ?? {});
        res.end(a.body ?? '');
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
    /** Answers the deliveries from now on as `next` says. */
    answerWith(next: Answering): void {
      answering = next;
    },
    /** The deliveries of events of `type`, in arrival order. */
    ofType(type: string): ReceivedDelivery[] {
      return received.filter((r) => r.event.type === type);
    },
    async waitFor(
      predicate: (r: ReceivedDelivery[]) => boolean,
      timeoutMs = 30_000,
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
