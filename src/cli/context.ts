import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DataSource } from 'typeorm';
import { EX_CONFIG } from '../bootstrap-config';
import { FieldCipher } from '../common/crypto/field-cipher';
import { CliModule } from '../composition';
import { AppConfig } from '../config/app-config';
import { ConfigValidationError } from '../config/environment';
import { runMigrations } from '../database/migrate';
import { openDatabase } from '../database/open-database';
import { cliIo } from './io';

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
      CliModule.forRoot({
        config,
        connection: database.connection,
        // Log lines go to the command's stderr, so that stdout stays its result.
        logStream: { write: (line: string) => cliIo().err(line) },
      }),
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
