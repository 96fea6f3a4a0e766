import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { PostgresConnection } from './connection';
import { buildDataSourceOptions } from './data-source-options';
import { runMigrations } from './migrate';
import { DatabasePoolMetrics } from './database-pool-metrics';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { CryptoModule } from '../common/crypto/crypto.module';
import { FieldCipher } from '../common/crypto/field-cipher';

export interface DatabaseModuleOptions {
  connection: PostgresConnection;
  /** Apply pending migrations before anything uses the database. */
  migrate: boolean;
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    let cipher: FieldCipher | undefined;
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          imports: [CryptoModule],
          inject: [AppConfig, FieldCipher],
          useFactory: (config: AppConfig, fieldCipher: FieldCipher) => {
            // Migrations that encrypt stored data need it (see dataSourceFactory below).
            cipher = fieldCipher;
            return {
              ...buildDataSourceOptions(options.connection, {
                poolSize: config.databasePoolSize,
                statementTimeoutMs: config.statementTimeoutMs,
                connectTimeoutMs: config.connectTimeoutMs,
              }),
              // Each feature module registers its entities with TypeOrmModule.forFeature.
              autoLoadEntities: true,
              // main.ts and worker.ts have reached the database first (START_ATTEMPTS, one line
              // each): one more try here, without the framework's retries and their stacks.
              retryAttempts: 0,
            };
          },
          dataSourceFactory: async (dsOptions) => {
            const dataSource = await new DataSource(dsOptions!).initialize();
            if (options.migrate) {
              const logger = new Logger('Migrations');
              await runMigrations(dataSource, cipher, (line) => logger.log(line));
            }
            return dataSource;
          },
        }),
      ],
      // Registers its gauges on /metrics when the module starts.
      providers: [UnitOfWork, DatabasePoolMetrics],
      exports: [UnitOfWork],
    };
  }
}
