/** Where the service's PostgreSQL is: a URL, or explicit parts (the embedded socket). */
export type PostgresConnection =
  | { url: string }
  | { host: string; port: number; username: string; database: string; password?: string };

/**
 * The embedded PGlite socket is the only connection given by parts. PGlite runs one query at a
 * time and ignores statement_timeout, so time a client waits there includes queueing behind other
 * connections' work: a client-side deadline would cut healthy queries.
 */
export const isEmbedded = (connection: PostgresConnection): boolean => !('url' in connection);
