const UNIQUE_VIOLATION = '23505';

interface PgErrorShape {
  code?: string;
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

/** The values of the violated key, from PostgreSQL's detail `Key (a, b)=(x, y) already exists.` */
export function violatedKeyValues(err: unknown): string[] | undefined {
  const m = /Key \(.*\)=\((.*)\) already exists/.exec(pgError(err)?.detail ?? '');
  return m ? m[1].split(', ') : undefined;
}
