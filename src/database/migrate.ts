import { DataSource, MigrationExecutor, QueryRunner } from 'typeorm';
import { FieldCipher } from '../common/crypto/field-cipher';

/** Arbitrary constant: the advisory lock every instance takes while migrating. */
const MIGRATION_LOCK_KEY = 727_311_001;
/** Where a migration finds the service's FieldCipher (QueryRunner.data is TypeORM's slot for this). */
const CIPHER = 'fieldCipher';

/**
 * Runs pending migrations, each in its own transaction, under a PostgreSQL advisory lock so that
 * several instances starting together migrate one after another instead of colliding.
 * `cipher` is for migrations that encrypt or re-encrypt stored data (see {@link migrationCipher});
 * without it they fail when there is data to convert, and pass on an empty database.
 * Returns the names of the migrations applied.
 */
export async function runMigrations(
  dataSource: DataSource,
  cipher?: FieldCipher,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    giveMigrationCipher(runner, cipher);
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    const applied = await executor.executePendingMigrations();
    return applied.map((m) => m.name);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await runner.release();
  }
}

/** Makes `cipher` available to the migrations run on `runner` (see {@link migrationCipher}). */
export function giveMigrationCipher(runner: QueryRunner, cipher: FieldCipher | undefined): void {
  runner.data = { ...runner.data, [CIPHER]: cipher };
}

/**
 * The FieldCipher `runMigrations` was given, for a migration that must encrypt stored values.
 * Throws (failing the migration, whose transaction rolls back) when there is none: the TypeORM
 * CLI runs migrations without the key ring, `npm run cli -- migrate` and the server with it.
 */
export function migrationCipher(q: QueryRunner, migration: string): FieldCipher {
  const cipher = (q.data as Record<string, unknown> | undefined)?.[CIPHER];
  if (cipher instanceof FieldCipher) return cipher;
  throw new Error(
    `Migration ${migration} encrypts stored data and needs the key ring: run it with \`npm run cli -- migrate\` or by starting the server`,
  );
}
