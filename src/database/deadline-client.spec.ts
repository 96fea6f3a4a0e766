import net from 'node:net';
import { Pool } from 'pg';
import { DeadlineClient, QUERY_READ_TIMEOUT } from './deadline-client';

/**
 * A server that completes the start-up handshake (AuthenticationOk, ReadyForQuery) and then
 * never answers again: a hung PostgreSQL as a client sees it.
 */
async function hungServer(): Promise<{
  port: number;
  closed: Promise<void>;
  connections: () => number;
  stop(): void;
}> {
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
    connections: () => sockets.size,
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
    client.on('error', () => undefined);
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
    } finally {
      server.stop();
      void client.end().catch(() => undefined);
    }
  });

  it('is not handed out again by the pool: the next query gets a new connection', async () => {
    const server = await hungServer();
    const pool = new Pool({
      Client: DeadlineClient,
      host: '127.0.0.1',
      port: server.port,
      user: 'u',
      database: 'd',
      max: 1,
      query_timeout: 100,
    });
    pool.on('error', () => undefined);
    try {
      // As TypeORM does for a read: release without an error once the query has failed.
      const client = await pool.connect();
      await expect(client.query('SELECT 1')).rejects.toThrow(QUERY_READ_TIMEOUT);
      client.release();
      // Not "Connection terminated": the timed-out client was discarded, not reused.
      await expect(pool.query('SELECT 2')).rejects.toThrow(QUERY_READ_TIMEOUT);
      expect(server.connections()).toBe(2);
    } finally {
      server.stop();
      void pool.end().catch(() => undefined);
    }
  });
});
