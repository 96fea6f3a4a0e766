import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { PostgresConnection } from './connection';
import { buildDataSourceOptions } from './data-source-options';
import { runMigrations } from './migrate';
import { UnitOfWork } from '../common/persistence/unit-of-work';

export interface DatabaseModuleOptions {
  connection: PostgresConnection;
  /** Apply pending migrations before anything uses the database. */
  migrate: boolean;
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            ...buildDataSourceOptions(options.connection, {
              poolSize: config.databasePoolSize,
              statementTimeoutMs: config.statementTimeoutMs,
              connectTimeoutMs: config.connectTimeoutMs,
            }),
            // Each feature module registers its entities with TypeOrmModule.forFeature.
            autoLoadEntities: true,
            retryAttempts: 5,
            retryDelay: 2000,
          }),
          dataSourceFactory: async (dsOptions) => {
            const dataSource = await new DataSource(dsOptions!).initialize();
            if (options.migrate) await runMigrations(dataSource);
            return dataSource;
          },
        }),
      ],
      providers: [UnitOfWork],
      exports: [UnitOfWork],
    };
  }
}
