import { stdSerializers } from 'pino';

/**
 * Fields of database errors that hold the values a statement carried, which may be personal data
 * or secrets: TypeORM's `parameters`, and PostgreSQL's `detail` ("Key (email)=(…) already exists"),
 * `where` (it quotes the offending input and portal parameters) and `internalQuery`. The SQL text
 * (`query`, with `$n` placeholders), the code, constraint and table stay: they are what one
 * debugs with.
 */
export const VALUE_FIELDS: readonly string[] = ['parameters', 'detail', 'where', 'internalQuery'];
export const REDACTED = '[redacted]';

/** Errors nest (TypeORM's `driverError`, `cause`) only a few levels deep. */
const MAX_DEPTH = 4;

/** The log serializer for errors: pino's own, with the statement's values removed at any depth. */
export function serializeError(err: unknown): unknown {
  const serialized: unknown = stdSerializers.err(err as Error);
  redactValues(serialized, 0);
  return serialized;
}

function redactValues(node: unknown, depth: number): void {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (VALUE_FIELDS.includes(key)) {
      if (record[key] !== undefined && record[key] !== null) record[key] = REDACTED;
    } else {
      redactValues(record[key], depth + 1);
    }
  }
}
