/**
 * Migration drift check: builds a fresh database from the migrations and fails when the entities
 * describe a different schema. `--print` prints the SQL still needed after the existing
 * migrations (the starting point for a new migration).
 *   node dist/scripts/migration-check.js [--print]
 * Runs against a throw-away embedded database, so it needs no server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { ENTITIES } from '../src/entities';
import { openEmbeddedDatabase } from '../src/database/embedded-postgres';
import { pendingSchemaChanges } from '../src/database/schema-drift';

async function main(): Promise<number> {
  const print = process.argv.includes('--print');
  const dir = await mkdtemp(join(tmpdir(), 'pci-drift-'));
  const embedded = await openEmbeddedDatabase(dir, { attachIfRunning: false, maxConnections: 4 });
  const ds = new DataSource(
    buildDataSourceOptions(
      embedded.connection,
      {
        poolSize: 2,
        statementTimeoutMs: 60_000,
        connectTimeoutMs: 10_000,
      },
      ENTITIES,
    ),
  );
  try {
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    const pending = await pendingSchemaChanges(ds);
    if (print) {
      console.log(pending.map((q) => `${q};`).join('\n'));
      return 0;
    }
    if (pending.length === 0) {
      console.log(
        'migration check: the migrations produce exactly the schema the entities describe',
      );
      return 0;
    }
    console.error('migration check FAILED: entities and migrations differ. SQL still needed:');
    for (const q of pending) console.error(`  ${q};`);
    return 1;
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await embedded.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
