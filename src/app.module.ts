import { DynamicModule, Module } from '@nestjs/common';
import { RouteIndexInstaller } from './common/http/route-index';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import type { DestinationStream } from 'pino';
import { AssetsModule } from './assets';
import { ClientsModule } from './clients';
import { SigningModule } from './common/auth/signing.module';
import { ClockModule } from './common/clock/clock';
import { CryptoModule } from './common/crypto/crypto.module';
import { StoredKeysCheck } from './common/crypto/stored-keys-check';
import { StorageModule } from './common/storage/storage.module';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { OrdersModule } from './orders';
import { RenderModule } from './render';
import { RecipeSetsModule } from './recipe-sets';
import { CatalogModule } from './catalog';
import { SavedAssetsModule } from './saved-assets';
import { UsersModule } from './users';
import { PlansModule } from './plans';
import { RateLimitsModule } from './common/rate-limits/rate-limits.module';
import { SchedulingModule } from './common/scheduling/work-pools';
import { ShareModule } from './share';
import { ModerationModule } from './moderation';
import { AvailabilityModule } from './availability';
import { ApiTokenGuard } from './common/auth/api-token.guard';
import { ErrorResponder } from './common/http/error-responder';
import { HttpExceptionFilter } from './common/http/http-exception.filter';
import { LoggingModule } from './common/logging/logging.module';
import { RedisModule } from './common/redis/redis.module';
import { CachingModule } from './common/caching/caching.module';
import { MessagesModule } from './messages';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { PostgresConnection } from './database/connection';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo';
import { JobsModule } from './common/jobs/jobs.module';
import { WebToPrintModule } from './web-to-print';
import { FontsModule } from './fonts';
import { ImageGenModule } from './imagegen';
import { HealthModule } from './health';
import { LogEntriesModule } from './log-entries';
import { MetricsModule } from './metrics';
import { MetricsRegistryModule } from './common/metrics/metrics-registry';
import { WebhooksModule } from './webhooks';
import { SandboxModule } from './sandbox';
import { ConnectionDrain } from './common/http/connection-drain';
import { WorkersModule } from './common/workers/workers.module';
import { JsonBodyInterceptor } from './common/http/json-body.interceptor';

export interface AppModuleOptions {
  config: AppConfig;
  connection: PostgresConnection;
  /** Where logs go (stdout by default); tests capture them here. */
  logStream?: DestinationStream;
}

/** The whole service. Feature modules are listed here; cross-cutting pieces are registered globally. */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(options.config),
        LoggingModule.forRoot(options.config, options.logStream),
        DatabaseModule.forRoot({
          connection: options.connection,
          migrate: options.config.runMigrations,
        }),
        ClockModule,
        MetricsRegistryModule,
        WorkersModule,
        JobsModule,
        RedisModule,
        CachingModule,
        MessagesModule,
        RateLimitsModule,
        SchedulingModule,
        PlansModule,
        MetricsModule,
        LogEntriesModule,
        CryptoModule,
        SigningModule,
        StorageModule,
        IdempotencyModule,
        ClientsModule,
        FontsModule,
        CatalogModule,
        RecipeSetsModule,
        OrdersModule,
        RenderModule,
        WebToPrintModule,
        AssetsModule,
        SavedAssetsModule,
        UsersModule,
        ShareModule,
        ImageGenModule,
        ModerationModule,
        AvailabilityModule,
        WebhooksModule,
        SandboxModule,
        HealthModule,
        DemoModule,
      ],
      providers: [
        ErrorResponder,
        ConnectionDrain,
        // Indexes the routes once every module has registered its own (at bootstrap).
        RouteIndexInstaller,
        // After the migrations: refuse to serve data the key ring cannot decrypt.
        StoredKeysCheck,
        { provide: APP_GUARD, useClass: ApiTokenGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        // Global interceptors run after the guard and before route interceptors and pipes.
        { provide: APP_INTERCEPTOR, useClass: JsonBodyInterceptor },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
