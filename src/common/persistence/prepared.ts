import { createHash } from 'node:crypto';

/**
 * Statements run on every request of a hot route, prepared once per connection and then only
 * bound and executed: PostgreSQL plans a statement each time it is parsed, and for the order read
 * by number the planning took 0.8–1.3 ms against 0.2–0.3 ms of execution (`EXPLAIN ANALYZE` under
 * the orders benchmark's load), on the cores the API shares with it.
 *
 * A repository marks such a statement with {@link prepared}; the project's `pg` client
 * (`database/deadline-client.ts`) sends a marked statement as a named one, named after its text,
 * so that each distinct text is prepared once per connection. Only fixed texts (or texts with a
 * few shapes) are marked: every distinct text stays prepared for the life of the connection.
 * Elsewhere (the embedded database) the mark is an SQL comment and nothing more.
 */
export const PREPARED_MARK = '/* prepared */ ';

/** `sql`, marked to be prepared once per connection (see the module). */
export function prepared(sql: string): string {
  return PREPARED_MARK + sql;
}

/** At most this many statement names are remembered (beyond it, names are computed each time). */
const MAX_NAMES = 1000;
const names = new Map<string, string>();

/**
 * The query config `pg` prepares once per connection for a marked statement with its values;
 * undefined for anything else (an unmarked text, a config object, no values array).
 */
export function asPreparedQuery(
  text: unknown,
  values: unknown,
): { name: string; text: string; values: unknown[] } | undefined {
  if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return undefined;
  if (values !== undefined && !Array.isArray(values)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return { name, text, values: (values as unknown[] | undefined) ?? [] };
}
