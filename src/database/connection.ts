/** Where the service's PostgreSQL is: a URL, or explicit parts (the embedded socket). */
export type PostgresConnection =
  | { url: string }
  | { host: string; port: number; username: string; database: string; password?: string };
