import { DataSourceOptions } from 'typeorm';
import { isEmbedded, PostgresConnection } from './connection';
import { DeadlineClient } from './deadline-client';
import { MIGRATIONS } from './migrations';

export interface PoolSettings {
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * How much longer than the server's statement_timeout the client waits for an answer before it
 * gives the connection up: a server that stopped answering (frozen, or a dead network path)
 * never sends the statement-timeout error.
 */
export const CLIENT_DEADLINE_MARGIN_MS = 2000;

/**
 * The one definition of how the service talks to PostgreSQL, shared by the app, CLI and TypeORM CLI.
 * `entities`: none for the Nest app and CLI (each module registers its own); the whole schema
 * (`src/entities.ts`) for the tools that work without the modules.
 */
export function buildDataSourceOptions(
  connection: PostgresConnection,
  pool: PoolSettings,
  entities: NonNullable<DataSourceOptions['entities']> = [],
): DataSourceOptions {
  return {
    type: 'postgres',
    ...connection,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    migrationsRun: false,
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    applicationName: 'customizer-integration-api',
    extra: {
      max: pool.poolSize,
      connectionTimeoutMillis: pool.connectTimeoutMs,
      statement_timeout: pool.statementTimeoutMs,
      ...(isEmbedded(connection)
        ? {}
        : {
            query_timeout: pool.statementTimeoutMs + CLIENT_DEADLINE_MARGIN_MS,
            Client: DeadlineClient,
          }),
      idle_in_transaction_session_timeout: pool.statementTimeoutMs * 2,
    },
  };
}
