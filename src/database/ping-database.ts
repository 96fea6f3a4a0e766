import { Client } from 'pg';
import type { PostgresConnection } from './connection';

/** Connects to PostgreSQL once and runs `SELECT 1`; rejects with the driver's error. */
export async function pingDatabase(
  connection: PostgresConnection,
  connectTimeoutMs: number,
): Promise<void> {
  const client = new Client({
    ...('url' in connection
      ? { connectionString: connection.url }
      : {
          host: connection.host,
          port: connection.port,
          user: connection.username,
          database: connection.database,
          password: connection.password,
        }),
    connectionTimeoutMillis: connectTimeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL's error code for a connection to a database that does not exist. */
const INVALID_CATALOG_NAME = '3D000';

/**
 * For a connection refused because the database in `url` does not exist (3D000), the message to
 * stop with: the database, the server (without its password) and how to create it. Retrying
 * cannot help, so the start fails at once. Undefined for any other failure.
 */
export function missingDatabase(err: unknown, url: string): string | undefined {
  if ((err as { code?: unknown } | null)?.code !== INVALID_CATALOG_NAME) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const user = decodeURIComponent(parsed.username) || 'postgres';
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || user;
  const host = parsed.hostname || 'localhost';
  const port = parsed.port || '5432';
  const server = new URL(url);
  server.password = server.password ? '***' : '';
  server.pathname = '/';
  server.search = '';
  return (
    `the database "${name}" does not exist on PostgreSQL ${server.toString()} (DATABASE_URL): ` +
    `create it (createdb -h ${host} -p ${port} -U ${user} ${name}, or CREATE DATABASE "${name.replace(/"/g, '""')}"; in psql), ` +
    'or point DATABASE_URL at an existing database'
  );
}
