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
