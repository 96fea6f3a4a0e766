import { parentPort, workerData } from 'node:worker_threads';
import { makeOwnerOnly } from '../common/files/owner-only';
import { AtomicQueryQueue } from './pglite-query-queue';

/**
 * The embedded database's thread (started by embedded-postgres.ts): PGlite and the socket server
 * in front of it run here, not on the event loop. PGlite is PostgreSQL compiled to WebAssembly and
 * runs a query synchronously from start to end: on the main thread every query, its file I/O and
 * its garbage held up every request for as long as it ran. This thread keeps its normal priority
 * (it does the requests' own work).
 *
 * Messages: the thread posts `{ type: 'ready' }` once it serves the socket, or
 * `{ type: 'failed', message }`; it takes `'close'` and posts `{ type: 'closed' }` when the
 * server and the database are shut.
 */
export interface EmbeddedWorkerData {
  pgdata: string;
  socketPath: string;
  maxConnections: number;
  postgresqlconf: string[];
}

export type EmbeddedWorkerMessage =
  { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

async function serve({
  pgdata,
  socketPath,
  maxConnections,
  postgresqlconf,
}: EmbeddedWorkerData): Promise<() => Promise<void>> {
  // PGlite and its socket server are ESM-only: loaded on demand so that PostgreSQL mode never pays for them.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create(pgdata, { postgresqlconf });
  // PGlite writes its initial files world-readable (0666) and its directories 0755; the files
  // PostgreSQL creates later are 0600 and all sit in these owner-only directories.
  await makeOwnerOnly(pgdata);
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  // See AtomicQueryQueue: the server's own queue mixes concurrent connections' queries.
  (server as unknown as { queryQueue: AtomicQueryQueue }).queryQueue = new AtomicQueryQueue(db);
  await server.start();
  return async () => {
    await server.stop();
    await db.close();
  };
}

const port = parentPort;
if (port) {
  const post = (message: EmbeddedWorkerMessage) => port.postMessage(message);
  serve(workerData as EmbeddedWorkerData).then(
    (close) => {
      port.on('message', (message) => {
        if (message !== 'close') return;
        close().then(
          () => {
            post({ type: 'closed' });
            port.close();
          },
          (err: unknown) => post({ type: 'failed', message: String(err) }),
        );
      });
      post({ type: 'ready' });
    },
    (err: unknown) => {
      post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
      port.close();
    },
  );
}
