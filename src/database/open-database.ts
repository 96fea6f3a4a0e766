import { redactedUrl } from '../common/process/reach-at-start';
import { AppConfig } from '../config/app-config';
import { PostgresConnection } from './connection';
import { openEmbeddedDatabase } from './embedded-postgres';

export interface OpenDatabase {
  readonly connection: PostgresConnection;
  readonly embedded: boolean;
  /** Where it is, for the start-up lines: `PostgreSQL <URL without its password>` or `embedded database in <dir>`. */
  readonly description: string;
  close(): Promise<void>;
}

/**
 * Resolves where the database is: `DATABASE_URL`, or the embedded one in `DATA_DIR` (started here,
 * or attached to when `attachIfRunning` and another process already serves it).
 */
export async function openDatabase(
  config: AppConfig,
  { attachIfRunning }: { attachIfRunning: boolean },
): Promise<OpenDatabase> {
  if (config.database.kind === 'external') {
    return {
      connection: { url: config.database.url },
      embedded: false,
      description: `PostgreSQL ${redactedUrl(config.database.url)}`,
      close: () => Promise.resolve(),
    };
  }
  const embedded = await openEmbeddedDatabase(config.database.dataDir, {
    attachIfRunning,
    // The app's pool, plus room for a CLI attached next to it.
    maxConnections: config.databasePoolSize + 5,
  });
  return {
    connection: embedded.connection,
    embedded: true,
    description: `embedded database in ${config.database.dataDir}`,
    close: () => embedded.close(),
  };
}
