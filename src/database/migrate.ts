import { DataSource, Migration, MigrationExecutor, QueryRunner } from 'typeorm';
import { FieldCipher } from '../common/crypto/field-cipher';

/** Arbitrary constant: the advisory lock every instance takes while migrating. */
const MIGRATION_LOCK_KEY = 727_311_001;
/** Where a migration finds the service's FieldCipher (QueryRunner.data is TypeORM's slot for this). */
const CIPHER = 'fieldCipher';

/** TypeORM's executor, telling `applied` of each migration as it is recorded (in its transaction). */
class ReportingMigrationExecutor extends MigrationExecutor {
  constructor(
    dataSource: DataSource,
    runner: QueryRunner,
    private readonly applied: (migration: Migration) => void,
  ) {
    super(dataSource, runner);
  }

  protected override async insertExecutedMigration(
    runner: QueryRunner,
    migration: Migration,
  ): Promise<void> {
    await super.insertExecutedMigration(runner, migration);
    this.applied(migration);
  }
}

/**
 * Runs pending migrations, each in its own transaction, under a PostgreSQL advisory lock so that
 * several instances starting together migrate one after another instead of colliding.
 * `cipher` is for migrations that encrypt or re-encrypt stored data (see {@link migrationCipher});
 * without it they fail when there is data to convert, and pass on an empty database.
 * `progress` gets one line per step: what is pending, each migration as it is applied (n/N, its
 * name and time), and the total; or that there is nothing to do.
 * Returns the names of the migrations applied.
 */
export async function runMigrations(
  dataSource: DataSource,
  cipher?: FieldCipher,
  progress: (line: string) => void = () => undefined,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    giveMigrationCipher(runner, cipher);
    const started = Date.now();
    let last = started;
    let done = 0;
    let pending = 0;
    const executor = new ReportingMigrationExecutor(dataSource, runner, (migration) => {
      const now = Date.now();
      progress(`migration ${++done}/${pending} applied: ${migration.name} (${now - last} ms)`);
      last = now;
    });
    executor.transaction = 'each';
    pending = (await executor.getPendingMigrations()).length;
    const total = dataSource.migrations.length;
    if (pending === 0) {
      progress(`migrations: up to date (${total} applied)`);
      return [];
    }
    progress(`migrations: ${pending} of ${total} to apply`);
    const applied = await executor.executePendingMigrations();
    progress(`migrations: ${applied.length} applied in ${Date.now() - started} ms`);
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
