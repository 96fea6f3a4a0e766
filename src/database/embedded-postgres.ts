import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ensureOwnerOnlyDir } from '../common/files/owner-only';
import { compiledTaskModule } from '../common/workers/worker-pool';
import { PostgresConnection } from './connection';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded-postgres.worker';

/** Unix sockets are limited to ~107 bytes of path on Linux. */
const MAX_SOCKET_PATH = 100;
const SOCKET_PORT = 5432;
/**
 * PGlite runs inside the API's process (in a thread of its own), so its buffers are the API's memory. PostgreSQL's default
 * 128 MB of shared buffers (in WebAssembly memory, which never shrinks) made an idle reopened
 * database about 250 MB; 16 MB keeps it about 165 MB (peak ~225 MB under work, against ~320 MB),
 * and a one-machine database's pages stay in the OS file cache anyway. PGlite writes these
 * settings into the data directory's postgresql.conf, so existing directories get them too.
 */
const MEMORY_SETTINGS = ['shared_buffers=16MB'];

export interface EmbeddedDatabase {
  readonly connection: PostgresConnection;
  /** True when this process runs the database (false when it attached to a running server). */
  readonly owned: boolean;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Connect to the database another process already serves from this data directory. */
  attachIfRunning: boolean;
  maxConnections: number;
}

export class EmbeddedDatabaseInUse extends Error {
  constructor(dataDir: string) {
    super(
      `Another process is already serving the embedded database in ${dataDir}. ` +
        'Stop it, or point DATA_DIR at another directory.',
    );
  }
}

/**
 * The embedded PostgreSQL of docs/design.md §2: PGlite persisted in `<dataDir>/pgdata`, served on a
 * unix socket in `<dataDir>/run` so that TypeORM uses its ordinary `postgres` driver. Both run in a
 * worker thread (embedded-postgres.worker.ts), off the event loop. A second
 * process (the CLI next to a running server) attaches to that socket instead of opening the files,
 * which PGlite must never have open twice.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: EmbeddedOptions,
): Promise<EmbeddedDatabase> {
  const connection = embeddedConnection(dataDir);
  const socketDir = connection.host;
  const socketPath = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  if (socketPath.length > MAX_SOCKET_PATH) {
    throw new Error(
      `DATA_DIR is too long for a unix socket path (${socketPath}); use a shorter path.`,
    );
  }

  if (await isListening(socketPath)) {
    if (!options.attachIfRunning) throw new EmbeddedDatabaseInUse(dataDir);
    return { connection, owned: false, close: () => Promise.resolve() };
  }

  // The data directory holds personal data and keys: owner-only, also when it already existed.
  await ensureOwnerOnlyDir(dataDir);
  await ensureOwnerOnlyDir(socketDir);
  await rm(socketPath, { force: true });
  const worker = await startDatabaseThread({
    pgdata: join(dataDir, 'pgdata'),
    socketPath,
    maxConnections: options.maxConnections,
    postgresqlconf: MEMORY_SETTINGS,
  });
  let closed = false;
  return {
    connection,
    owned: true,
    close: async () => {
      if (closed) return;
      closed = true;
      await worker.close();
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * Starts the database's thread (embedded-postgres.worker.ts) and waits until it serves the
 * socket. Should the thread ever end unasked, the process ends with it: nothing can be served
 * without the database.
 */
async function startDatabaseThread(data: EmbeddedWorkerData): Promise<{ close(): Promise<void> }> {
  const worker = new Worker(compiledTaskModule('database/embedded-postgres.worker'), {
    workerData: data,
    name: 'embedded-postgres',
  });
  let closing = false;
  const next = () =>
    new Promise<EmbeddedWorkerMessage>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`The embedded database's thread ended (exit code ${code}).`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: EmbeddedWorkerMessage) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve(message);
      });
    });
  const started = await next();
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(
      `The embedded database could not start: ${started.type === 'failed' ? started.message : started.type}`,
    );
  }
  worker.on('exit', (code) => {
    if (closing) return;
    // An uncaught error: the process's own handlers report it and end it.
    setImmediate(() => {
      throw new Error(`The embedded database's thread ended unexpectedly (exit code ${code}).`);
    });
  });
  return {
    close: async () => {
      closing = true;
      const answer = next();
      worker.postMessage('close');
      // The thread ending before it answers is a close too (nothing left to shut).
      const closed = await answer.catch(() => undefined);
      if (closed?.type === 'failed')
        throw new Error(`The embedded database did not close cleanly: ${closed.message}`);
      await worker.terminate();
    },
  };
}

/** How a client reaches the embedded database served from `dataDir` (pg connects to the socket in `host`). */
export function embeddedConnection(dataDir: string): PostgresConnection & { host: string } {
  return {
    host: join(dataDir, 'run'),
    port: SOCKET_PORT,
    username: 'postgres',
    database: 'postgres',
  };
}

function isListening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
