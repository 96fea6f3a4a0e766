import net from 'node:net';
import { DeadlineClient, QUERY_READ_TIMEOUT } from './deadline-client';

/**
 * A server that completes the start-up handshake (AuthenticationOk, ReadyForQuery) and then
 * never answers again: a hung PostgreSQL as a client sees it.
 */
async function hungServer(): Promise<{ port: number; closed: Promise<void>; stop(): void }> {
  let onClosed!: () => void;
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => {
      const authOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authOk, ready]));
    });
    socket.on('close', onClosed);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    closed,
    stop: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe('DeadlineClient', () => {
  it('gives the connection up when a query gets no answer in time, so nothing else runs on it', async () => {
    const server = await hungServer();
    const client = new DeadlineClient({
      host: '127.0.0.1',
      port: server.port,
      user: 'u',
      database: 'd',
      query_timeout: 100,
    });
    const errors: Error[] = [];
    client.on('error', (err) => errors.push(err));
    try {
      await client.connect();
      await expect(client.query('SELECT 1')).rejects.toThrow(QUERY_READ_TIMEOUT);
      // The socket is closed (the server would roll back), promptly.
      const late = new Promise<string>((resolve) =>
        setTimeout(() => resolve('still open'), 2000).unref(),
      );
      await expect(Promise.race([server.closed.then(() => 'closed'), late])).resolves.toBe(
        'closed',
      );
      await expect(client.query('SELECT 2')).rejects.toThrow(/not queryable|terminated/i);
      expect(errors.length).toBeGreaterThan(0); // the pool and TypeORM release it on this event
    } finally {
      server.stop();
      void client.end().catch(() => undefined);
    }
  });
});
