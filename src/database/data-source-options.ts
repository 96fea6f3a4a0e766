import { DataSourceOptions } from 'typeorm';
import { PostgresConnection } from './connection';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export interface PoolSettings {
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/** The one definition of how the service talks to PostgreSQL, shared by the app, CLI and TypeORM CLI. */
export function buildDataSourceOptions(
  connection: PostgresConnection,
  pool: PoolSettings,
): DataSourceOptions {
  return {
    type: 'postgres',
    ...connection,
    entities: ENTITIES,
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
      idle_in_transaction_session_timeout: pool.statementTimeoutMs * 2,
    },
  };
}
