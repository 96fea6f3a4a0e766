import { DataSource, MigrationExecutor } from 'typeorm';

/** Which migrations the database has, by name, in order. */
export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

/**
 * The migrations applied to the database and those still to apply, read without changing
 * anything (a database never migrated has none applied, and no migrations table is created).
 */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const executor = new MigrationExecutor(dataSource);
  const applied = (await executor.getExecutedMigrations())
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((m) => m.name);
  const pending = (await executor.getPendingMigrations()).map((m) => m.name);
  return { applied, pending };
}
