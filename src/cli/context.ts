import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DataSource } from 'typeorm';
import { EX_CONFIG } from '../bootstrap-config';
import { ClientsModule } from '../clients';
import { CachingModule } from '../common/caching/caching.module';
import { SigningModule } from '../common/auth/signing.module';
import { ClockModule } from '../common/clock/clock';
import { FieldCipher } from '../common/crypto/field-cipher';
import { IdempotencyModule } from '../common/idempotency/idempotency.module';
import { JobsModule } from '../common/jobs/jobs.module';
import { LoggingModule } from '../common/logging/logging.module';
import { MessagesModule } from '../messages';
import { RateLimitsModule } from '../common/rate-limits/rate-limits.module';
import { RedisModule } from '../common/redis/redis.module';
import { SchedulingModule } from '../common/scheduling/work-pools';
import { StorageModule } from '../common/storage/storage.module';
import { AppConfig } from '../config/app-config';
import { ConfigValidationError } from '../config/environment';
import { ConfigModule } from '../config/config.module';
import { PostgresConnection } from '../database/connection';
import { DatabaseModule } from '../database/database.module';
import { runMigrations } from '../database/migrate';
import { openDatabase } from '../database/open-database';
import { DemoModule } from '../demo';
import { MetricsModule } from '../metrics';
import { MetricsRegistryModule } from '../common/metrics/metrics-registry';
import { PlansModule } from '../plans';
import { UsersModule } from '../users';
import { WebhooksModule } from '../webhooks';
import { cliIo } from './io';

/**
 * What the operator commands need: no HTTP, logs to stderr so stdout stays machine-readable. The
 * configuration has no background tasks (see AppConfig.backgroundTasks): no periodic purges, no
 * job workers and no job-queue maintenance start in a command's process.
 */
@Module({})
class CliModule {
  static forRoot(config: AppConfig, connection: PostgresConnection): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        // Log lines go to the command's stderr, so that stdout stays its result.
        LoggingModule.forRoot(config, { write: (line: string) => cliIo().err(line) }),
        // Migrations run explicitly by `migrate`, and before other commands when MIGRATIONS_RUN allows.
        DatabaseModule.forRoot({ connection, migrate: false }),
        // Revoking a token publishes it to the running instances (when REDIS_URL is set).
        RedisModule,
        CachingModule,
        ClockModule,
        StorageModule,
        SigningModule,
        // The feature modules' routes use it; the CLI builds them without the app.
        IdempotencyModule,
        ClientsModule,
        PlansModule,
        // The users module's credential route is rate-limited: its guard needs the throttler.
        RateLimitsModule,
        UsersModule,
        // The demo's uploads and renders go through the same work pools as the app's.
        SchedulingModule,
        DemoModule,
        // Lists, counts and retries jobs; this process runs none.
        JobsModule,
        MetricsRegistryModule,
        MetricsModule,
        // Lists the outbox; this process delivers nothing.
        MessagesModule,
        // Endpoints and delivery logs (`webhooks …`); deliveries are the workers' business.
        WebhooksModule,
      ],
    };
  }
}

/** A bad argument: its message is printed alone and the exit code is 2. */
export class UsageError extends Error {}

/** Ends the command with this exit code; it has printed what it had to say. */
export class ExitSilently extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/**
 * The configuration of a command: its environment's, without background tasks. A bad one ends the
 * command with exit code 78 (EX_CONFIG), after a message naming every bad variable.
 */
export function cliConfig(): AppConfig {
  try {
    return AppConfig.fromEnv(cliIo().env, { backgroundTasks: false });
  } catch (err) {
    if (!(err instanceof ConfigValidationError)) throw err;
    cliIo().err(`${err.message}\n`);
    throw new ExitSilently(EX_CONFIG);
  }
}

/**
 * Opens the database (attaching to a running embedded server if there is one), runs pending
 * migrations first when `migrate` (default: MIGRATIONS_RUN) says so, and runs `fn`.
 */
export async function withContext<T>(
  fn: (ctx: INestApplicationContext) => Promise<T>,
  migrate?: boolean,
): Promise<T> {
  const config = cliConfig();
  const database = await openDatabase(config, { attachIfRunning: true });
  let ctx: INestApplicationContext | undefined;
  try {
    ctx = await NestFactory.createApplicationContext(
      CliModule.forRoot(config, database.connection),
      { logger: ['error', 'warn'] },
    );
    if (migrate ?? config.runMigrations)
      await runMigrations(ctx.get(DataSource), ctx.get(FieldCipher));
    return await fn(ctx);
  } finally {
    await ctx?.close();
    await database.close();
  }
}

/**
 * `plain` as an instance of the request DTO `cls`, checked by its rules (those the API applies),
 * or a usage error naming each bad value.
 */
export function validated<T extends object>(cls: new () => T, plain: object): T {
  const input = plainToInstance(cls, plain);
  const problems = validateSync(input).flatMap((e) =>
    Object.values(e.constraints ?? {}).map((m) =>
      e.value === undefined ? m : `${m} (not ${JSON.stringify(e.value)})`,
    ),
  );
  if (problems.length > 0) throw new UsageError(`${problems.join('; ')}.`);
  return input;
}

/** A whole number in [min, max] given as an option, or a usage error naming the option. */
export function intOption(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isInteger(n) || n < min || n > max)
    throw new UsageError(
      `--${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}.`,
    );
  return n;
}
