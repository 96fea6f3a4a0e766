import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresConnection } from '../../src/database/connection';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { openEmbeddedDatabase } from '../../src/database/embedded-postgres';
import { runMigrations } from '../../src/database/migrate';

/**
 * Test databases: a template built once by the production migrations, cloned per test file.
 * With TEST_DATABASE_URL or DATABASE_URL, clones are PostgreSQL databases (CREATE DATABASE …
 * TEMPLATE); otherwise copies of an embedded PGlite data directory.
 */
export interface TestDatabaseState {
  kind: 'external' | 'embedded';
  /** external: server URL (any database) and template name; embedded: template data dir. */
  serverUrl?: string;
  template: string;
  workDir: string;
  /** external: the DATA_ENCRYPTION_KEYS every app and CLI of the run shares (DATABASE_URL needs one). */
  encryptionKeys?: string;
}

export function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const POOL = { poolSize: 2, statementTimeoutMs: 60_000, connectTimeoutMs: 10_000 };

async function migrate(connection: PostgresConnection): Promise<void> {
  const ds = await new DataSource(buildDataSourceOptions(connection, POOL, ENTITIES)).initialize();
  try {
    await runMigrations(ds);
  } finally {
    await ds.destroy();
  }
}

export async function createTemplate(): Promise<TestDatabaseState> {
  const workDir = await mkdtemp(join(tmpdir(), 'pci-test-'));
  const url = serverUrl();
  let state: TestDatabaseState;
  if (url) {
    const template = `pci_tpl_${Date.now().toString(36)}_${process.pid}`;
    await withClient(url, async (c) => c.query(`CREATE DATABASE "${template}"`));
    await migrate({ url: withDatabase(url, template) });
    state = {
      kind: 'external',
      serverUrl: url,
      template,
      workDir,
      encryptionKeys: `test1:${randomBytes(32).toString('base64')}`,
    };
  } else {
    const dir = join(workDir, 'template');
    const db = await openEmbeddedDatabase(dir, { attachIfRunning: false, maxConnections: 4 });
    try {
      await migrate(db.connection);
    } finally {
      await db.close();
    }
    state = { kind: 'embedded', template: dir, workDir };
  }
  // Workers start after global setup and inherit this variable.
  const stateFile = join(workDir, 'state.json');
  await writeFile(stateFile, JSON.stringify(state));
  process.env.PCI_TEST_STATE = stateFile;
  return state;
}

export async function dropTemplate(): Promise<void> {
  const state = await readState().catch(() => undefined);
  if (!state) return;
  if (state.kind === 'external' && state.serverUrl) {
    await withClient(state.serverUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
        [state.template, `${state.template}_f%`],
      );
      for (const { datname } of rows)
        await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  }
  await rm(state.workDir, { recursive: true, force: true });
}

async function readState(): Promise<TestDatabaseState> {
  const file = process.env.PCI_TEST_STATE;
  if (!file)
    throw new Error('PCI_TEST_STATE is not set: run end-to-end tests through jest (global setup)');
  return JSON.parse(await readFile(file, 'utf8')) as TestDatabaseState;
}

export interface TestDatabase {
  connection: PostgresConnection;
  /** Makes the database unreachable (connections refused, open ones cut); returns the way back. */
  outage(): Promise<() => Promise<void>>;
  /** The DATABASE_URL / DATA_DIR a child process (the CLI) would use for the same database. */
  env: Record<string, string>;
  dataDir: string;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh database for one test file, cloned from the migrated template. */
export async function cloneDatabase(): Promise<TestDatabase> {
  const state = await readState();
  const dataDir = await mkdtemp(join(state.workDir, 'f'));
  if (state.kind === 'external') {
    const name = `${state.template}_f${process.pid}_${++counter}`;
    await withClient(state.serverUrl!, (c) =>
      c.query(`CREATE DATABASE "${name}" TEMPLATE "${state.template}"`),
    );
    const url = withDatabase(state.serverUrl!, name);
    const allowConnections = (allow: boolean) =>
      withClient(state.serverUrl!, async (c) => {
        await c.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allow}`);
        if (!allow) {
          await c.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
        }
      });
    return {
      connection: { url },
      outage: async () => {
        await allowConnections(false);
        return () => allowConnections(true);
      },
      env: { DATABASE_URL: url, DATA_ENCRYPTION_KEYS: state.encryptionKeys!, DATA_DIR: dataDir },
      dataDir,
      close: async () => {
        await withClient(state.serverUrl!, (c) =>
          c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        );
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  await cp(join(state.template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const open = () => openEmbeddedDatabase(dataDir, { attachIfRunning: false, maxConnections: 20 });
  let db = await open();
  return {
    connection: db.connection,
    outage: async () => {
      await db.close();
      return async () => {
        db = await open();
      };
    },
    env: { DATA_DIR: dataDir },
    dataDir,
    close: async () => {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One connection to `url` for the duration of `fn`. */
export async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
