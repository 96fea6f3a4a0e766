/**
 * The DataSource for the TypeORM CLI (`npm run typeorm -- migration:show`, after a build).
 * Uses DATABASE_URL, or the socket of the embedded database a running server serves from DATA_DIR.
 * The service itself never reads this file.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { AppConfig } from './src/config/app-config';
import { buildDataSourceOptions } from './src/database/data-source-options';
import { embeddedConnection } from './src/database/embedded-postgres';
import { ENTITIES } from './src/entities';

const config = AppConfig.fromEnv();

export default new DataSource(
  buildDataSourceOptions(
    config.database.kind === 'external'
      ? { url: config.database.url }
      : embeddedConnection(config.dataDir),
    {
      poolSize: 2,
      statementTimeoutMs: config.statementTimeoutMs,
      connectTimeoutMs: config.connectTimeoutMs,
    },
    ENTITIES,
  ),
);
