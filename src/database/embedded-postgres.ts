import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ensureOwnerOnlyDir, makeOwnerOnly } from '../common/files/owner-only';
import { PostgresConnection } from './connection';
import { AtomicQueryQueue } from './pglite-query-queue';

/** Unix sockets are limited to ~107 bytes of path on Linux. */
const MAX_SOCKET_PATH = 100;
const SOCKET_PORT = 5432;
/**
 * PGlite runs inside the API's process, so its buffers are the API's memory. PostgreSQL's default
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
 * unix socket in `<dataDir>/run` so that TypeORM uses its ordinary `postgres` driver. A second
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
  // PGlite and its socket server are ESM-only: loaded on demand so that PostgreSQL mode never pays for them.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const pgdata = join(dataDir, 'pgdata');
  const db = await PGlite.create(pgdata, { postgresqlconf: MEMORY_SETTINGS });
  // PGlite writes its initial files world-readable (0666) and its directories 0755; the files
  // PostgreSQL creates later are 0600 and all sit in these owner-only directories.
  await makeOwnerOnly(pgdata);
  const server = new PGLiteSocketServer({
    db,
    path: socketPath,
    maxConnections: options.maxConnections,
  });
  // See AtomicQueryQueue: the server's own queue mixes concurrent connections' queries.
  (server as unknown as { queryQueue: AtomicQueryQueue }).queryQueue = new AtomicQueryQueue(db);
  await server.start();
  let closed = false;
  return {
    connection,
    owned: true,
    close: async () => {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
      await rm(socketPath, { force: true });
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
