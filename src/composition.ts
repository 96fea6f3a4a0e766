import { DynamicModule, Module, Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { DestinationStream } from 'pino';
import { AssetsHttpModule, AssetsModule } from './assets';
import { AvailabilityHttpModule, AvailabilityModule } from './availability';
import { CatalogHttpModule, CatalogModule } from './catalog';
import { ClientsHttpModule, ClientsModule } from './clients';
import { ApiTokenGuard } from './common/auth/api-token.guard';
import { SigningModule } from './common/auth/signing.module';
import { CachingModule } from './common/caching/caching.module';
import { ClockModule } from './common/clock/clock';
import { CryptoModule } from './common/crypto/crypto.module';
import { StoredKeysCheck } from './common/crypto/stored-keys-check';
import { StoredKeysRepository } from './common/crypto/stored-keys.repository';
import { ConnectionDrain } from './common/http/connection-drain';
import { ErrorResponder } from './common/http/error-responder';
import { HttpExceptionFilter } from './common/http/http-exception.filter';
import { JsonBodyInterceptor } from './common/http/json-body.interceptor';
import { JsonBodyRoutes } from './common/http/json-body-routes';
import { RouteIndexInstaller } from './common/http/route-index';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { JobsModule } from './common/jobs/jobs.module';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsRegistryModule } from './common/metrics/metrics-registry';
import { RateLimitsModule } from './common/rate-limits/rate-limits.module';
import { RedisModule } from './common/redis/redis.module';
import { SchedulingModule } from './common/scheduling/work-pools';
import { StorageHttpModule } from './common/storage/storage-http.module';
import { StorageModule } from './common/storage/storage.module';
import { createValidationPipe } from './common/validation/validation.pipe';
import { WorkersModule } from './common/workers/workers.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ConsoleHttpModule, ConsoleModule } from './console';
import { PostgresConnection } from './database/connection';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo';
import { FontsHttpModule, FontsModule } from './fonts';
import { HealthHttpModule, HealthModule } from './health';
import { ImageGenHttpModule, ImageGenModule } from './imagegen';
import { LogEntriesHttpModule, LogEntriesModule } from './log-entries';
import { MessagesModule } from './messages';
import { MetricsHttpModule, MetricsModule } from './metrics';
import { ModerationHttpModule, ModerationModule } from './moderation';
import { OrdersHttpModule, OrdersModule } from './orders';
import { PlansHttpModule, PlansModule } from './plans';
import { RecipeSetsHttpModule, RecipeSetsModule } from './recipe-sets';
import { RenderHttpModule, RenderModule } from './render';
import { SandboxHttpModule, SandboxModule } from './sandbox';
import { SavedAssetsHttpModule, SavedAssetsModule } from './saved-assets';
import { ShareHttpModule, ShareModule } from './share';
import { UsersHttpModule, UsersModule } from './users';
import { WebToPrintHttpModule, WebToPrintModule } from './web-to-print';
import { WebhooksHttpModule, WebhooksModule } from './webhooks';

/**
 * The process roles: what the API (`main.ts`), a workers-only process (`worker.ts`) and the
 * operator CLI (`cli.ts`) are made of, from three shared lists. Every role has the infrastructure
 * and every feature module (their services, job handlers and background work, which each
 * configuration turns on or off); only the API has the HTTP layer (controllers, the global
 * guard, interceptor, pipe and filter). A module added to a list is in every role that uses it.
 */
export interface RoleOptions {
  config: AppConfig;
  connection: PostgresConnection;
  /** Where logs go (stdout by default); tests capture them here, the CLI sends them to stderr. */
  logStream?: DestinationStream;
}

/** The API's options (tests and scripts build the API's graph with them). */
export type AppModuleOptions = RoleOptions;

/**
 * Cross-cutting services every role runs on, all global: configuration, logs, the database (its
 * migrations first when `migrate`), and the `common/` modules.
 */
function infrastructure(
  options: RoleOptions,
  migrate: boolean,
): NonNullable<DynamicModule['imports']> {
  return [
    ConfigModule.forRoot(options.config),
    LoggingModule.forRoot(options.config, options.logStream),
    DatabaseModule.forRoot({ connection: options.connection, migrate }),
    ClockModule,
    MetricsRegistryModule,
    WorkersModule,
    JobsModule,
    RedisModule,
    CachingModule,
    RateLimitsModule,
    SchedulingModule,
    CryptoModule,
    SigningModule,
    StorageModule,
    IdempotencyModule,
  ];
}

/** The feature modules: services, repositories, job handlers; no controllers. */
export const FEATURE_MODULES = [
  PlansModule,
  MetricsModule,
  LogEntriesModule,
  ClientsModule,
  MessagesModule,
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
  ConsoleModule,
];

/**
 * The HTTP layer's modules: each declares its feature's controllers (and the route middleware and
 * pipes only they use) over the feature module. Nest registers routes in this order.
 */
export const HTTP_MODULES = [
  PlansHttpModule,
  MetricsHttpModule,
  LogEntriesHttpModule,
  StorageHttpModule,
  ClientsHttpModule,
  FontsHttpModule,
  CatalogHttpModule,
  RecipeSetsHttpModule,
  OrdersHttpModule,
  RenderHttpModule,
  WebToPrintHttpModule,
  AssetsHttpModule,
  SavedAssetsHttpModule,
  UsersHttpModule,
  ShareHttpModule,
  ImageGenHttpModule,
  ModerationHttpModule,
  AvailabilityHttpModule,
  WebhooksHttpModule,
  SandboxHttpModule,
  HealthHttpModule,
  ConsoleHttpModule,
];

/** The HTTP layer's own providers: the request pipeline's global stages (docs/architecture.md). */
const HTTP_PROVIDERS: Provider[] = [
  ErrorResponder,
  ConnectionDrain,
  // Indexes the routes once every module has registered its own (at bootstrap).
  RouteIndexInstaller,
  { provide: APP_GUARD, useClass: ApiTokenGuard },
  { provide: APP_FILTER, useClass: HttpExceptionFilter },
  // The JSON body reader: the first interceptor of each route of a method with a body.
  JsonBodyInterceptor,
  JsonBodyRoutes,
  { provide: APP_PIPE, useFactory: createValidationPipe },
];

/**
 * Of the roles that serve stored data (API, worker): after the migrations, refuse to start on
 * data the key ring cannot decrypt. Not the CLI's: it runs `migrate` after its context starts,
 * and its key commands must work on such data.
 */
const SERVING_PROVIDERS: Provider[] = [StoredKeysCheck, StoredKeysRepository];

/** The HTTP API (`main.ts`, and the tests' and the OpenAPI script's application). */
@Module({})
export class AppModule {
  static forRoot(options: RoleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...infrastructure(options, options.config.runMigrations),
        ...FEATURE_MODULES,
        ...HTTP_MODULES,
      ],
      providers: [...SERVING_PROVIDERS, ...HTTP_PROVIDERS],
    };
  }
}

/** A workers-only process (`worker.ts`): job workers and background work, no controllers. */
@Module({})
export class WorkerModule {
  static forRoot(options: RoleOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [...infrastructure(options, options.config.runMigrations), ...FEATURE_MODULES],
      providers: SERVING_PROVIDERS,
    };
  }
}

/**
 * The operator commands (`cli.ts`): logs to stderr (`logStream`), so that stdout stays the
 * result; migrations only when a command runs them. Its configuration has no background tasks
 * (AppConfig.backgroundTasks): no job workers, periodic purges or queue maintenance start.
 */
@Module({})
export class CliModule {
  static forRoot(options: RoleOptions): DynamicModule {
    return {
      module: CliModule,
      imports: [...infrastructure(options, false), ...FEATURE_MODULES],
    };
  }
}
