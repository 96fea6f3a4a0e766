/**
 * Webhook receivers of the abuse suite, in the benchmark's process on 127.0.0.1: the victim's,
 * which answers 204 at once and tells when a `webhook.ping` has arrived; and a silent one for
 * attacks, which accepts connections and never answers (each attempt holds its sender until the
 * delivery timeout).
 */
import http from 'node:http';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { onCleanup } from '../lib/cleanup';

/** The victim's receiver: counts the pings that arrived and wakes whoever waits for the next. */
export class PingReceiver {
  pings = 0;
  private waiters: (() => void)[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(204).end();
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.includes('"webhook.ping"')) return;
      this.pings++;
      const waiting = this.waiters;
      this.waiters = [];
      for (const wake of waiting) wake();
    });
  });

  /** Set by start(), once the server listens. */
  url = '';

  private constructor() {}

  static async start(): Promise<PingReceiver> {
    const receiver = new PingReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    receiver.url = `http://127.0.0.1:${port}/victim`;
    onCleanup('victim webhook receiver', () => {
      receiver.server.closeAllConnections();
      return new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    });
    return receiver;
  }

  /** Resolves once `pings` has passed `count` (true), or after `timeoutMs` (false). */
  async arrivedAfter(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.pings <= count) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }
}

/** A receiver that never answers: connections are accepted, read and left open. */
export async function silentReceiver(): Promise<{ url: string; connections: () => number }> {
  const sockets = new Set<Socket>();
  let total = 0;
  const server: Server = createServer((socket) => {
    total++;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  onCleanup(
    'silent webhook receiver',
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${port}/silent`, connections: () => total };
}
