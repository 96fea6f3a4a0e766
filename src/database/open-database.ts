import { redactedUrl } from '../common/process/reach-at-start';
import { AppConfig } from '../config/app-config';
import { PostgresConnection } from './connection';
import { openEmbeddedDatabase } from './embedded-postgres';
import { seedFromTemplate } from './embedded-template';

export interface OpenDatabase {
  readonly connection: PostgresConnection;
  readonly embedded: boolean;
  /** Where it is, for the start-up lines: `PostgreSQL <URL without its password>` or `embedded database in <dir>`. */
  readonly description: string;
  /** True when a new embedded data directory was given the migrated template's database. */
  readonly fromTemplate: boolean;
  close(): Promise<void>;
}

/**
 * Resolves where the database is: `DATABASE_URL`, or the embedded one in `DATA_DIR` (started here,
 * or attached to when `attachIfRunning` and another process already serves it). With
 * `fromTemplate`, a data directory without a database first gets a copy of the migrated template
 * (src/database/embedded-template.ts) when a current one was made.
 */
export async function openDatabase(
  config: AppConfig,
  { attachIfRunning, fromTemplate = false }: { attachIfRunning: boolean; fromTemplate?: boolean },
): Promise<OpenDatabase> {
  if (config.database.kind === 'external') {
    return {
      connection: { url: config.database.url },
      embedded: false,
      description: `PostgreSQL ${redactedUrl(config.database.url)}`,
      fromTemplate: false,
      close: () => Promise.resolve(),
    };
  }
  const copied = fromTemplate && (await seedFromTemplate(config.database.dataDir));
  const embedded = await openEmbeddedDatabase(config.database.dataDir, {
    attachIfRunning,
    // The app's pool, plus room for a CLI attached next to it.
    maxConnections: config.databasePoolSize + 5,
  });
  return {
    connection: embedded.connection,
    embedded: true,
    description: `embedded database in ${config.database.dataDir}`,
    fromTemplate: copied,
    close: () => embedded.close(),
  };
}
