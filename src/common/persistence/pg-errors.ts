const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PgErrorShape {
  code?: string;
  message?: string;
  constraint?: string;
  detail?: string;
  driverError?: PgErrorShape;
}

function pgError(err: unknown): PgErrorShape | undefined {
  const e = err as PgErrorShape | null;
  return e?.driverError ?? e ?? undefined;
}

/** True for PostgreSQL's unique_violation (optionally of one named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint === constraint);
}

/** True for PostgreSQL's foreign_key_violation (optionally of one named constraint). */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return (
    e?.code === FOREIGN_KEY_VIOLATION && (constraint === undefined || e.constraint === constraint)
  );
}

/** The values of the violated key, from PostgreSQL's detail `Key (a, b)=(x, y) already exists.` */
export function violatedKeyValues(err: unknown): string[] | undefined {
  const m = /Key \(.*\)=\((.*)\) already exists/.exec(pgError(err)?.detail ?? '');
  return m ? m[1].split(', ') : undefined;
}

/** Network errors and server states that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT', // unix socket gone (embedded database stopped)
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  // The server's own deadline (DATABASE_STATEMENT_TIMEOUT_MS) passed, e.g. waiting for a lock
  // held by a stalled session: as the client's deadline (Query read timeout), worth a retry.
  '57014', // query_canceled
  '55P03', // lock_not_available
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error/i;

/** True when `err` says the database is unreachable (as opposed to a bad query or data). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = pgError(err);
  if (!e) return false;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  const message = e.message ?? (err as { message?: string }).message ?? '';
  return UNAVAILABLE_MESSAGES.test(message);
}

/** True for PostgreSQL's deadlock_detected: one transaction of the cycle was aborted, not done. */
export function isDeadlock(err: unknown): boolean {
  return pgError(err)?.code === '40P01';
}

/**
 * Runs `work` (one transaction, or statements each their own) and runs it again when PostgreSQL
 * aborted it as a deadlock's victim, up to `attempts` runs in all, after a short random pause (so
 * that two processes in step part), rethrowing anything else. `work` must be safe to repeat.
 */
export async function retryDeadlocks<T>(attempts: number, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isDeadlock(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
    }
  }
}
