import { createServer, Server } from 'node:net';

/**
 * A TCP server that answers every PostgreSQL start-up as a server without the requested database
 * does: an ErrorResponse FATAL 3D000 `database "<name>" does not exist`, then it hangs up. Tests of
 * the start-up's handling of a missing database need no PostgreSQL with it.
 */
export async function startMissingDatabaseServer(): Promise<{
  port: number;
  close(): Promise<void>;
}> {
  const server: Server = createServer((socket) => {
    socket.once('data', (startup: Buffer) => {
      // StartupMessage: int32 length, int32 protocol, then name\0value\0 pairs.
      const params = startup.subarray(8).toString('utf8').split('\0');
      const database = params[params.indexOf('database') + 1] ?? 'postgres';
      const field = (code: string, value: string) => `${code}${value}\0`;
      const body = Buffer.from(
        field('S', 'FATAL') +
          field('V', 'FATAL') +
          field('C', '3D000') +
          field('M', `database "${database}" does not exist`) +
          '\0',
      );
      const length = Buffer.alloc(4);
      length.writeInt32BE(body.length + 4);
      socket.end(Buffer.concat([Buffer.from('E'), length, body]));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
