import { prepared } from './prepared';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Rows of one entity to insert; `orIgnore` skips rows that would violate a unique constraint. */
export interface InsertBatch<T extends ObjectLiteral = ObjectLiteral> {
  target: EntityTarget<T>;
  rows: Partial<T>[];
  orIgnore?: boolean;
}

/** The rows as JSON records keyed by column name, and the columns any of them sets. */
function records<T extends ObjectLiteral>(manager: EntityManager, batch: InsertBatch<T>) {
  const metadata = manager.connection.getMetadata(batch.target);
  const given = new Set<string>();
  for (const row of batch.rows) for (const key of Object.keys(row)) given.add(key);
  const columns = metadata.columns.filter((c) => given.has(c.propertyName));
  const json = batch.rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const c of columns) {
      const value: unknown = row[c.propertyName as keyof T];
      record[c.databaseName] =
        c.transformer && !Array.isArray(c.transformer)
          ? (c.transformer.to(value) as unknown)
          : value;
    }
    return record;
  });
  return { table: metadata.tableName, columns: columns.map((c) => c.databaseName), json };
}

/**
 * Inserts the rows of one or more entities in ONE statement, one parameter per entity: the rows
 * as a JSON array that PostgreSQL turns into records of the table (`jsonb_populate_recordset`),
 * converting each value to its column's type (timestamps from ISO strings, arrays into array
 * columns, JSON as is). Several entities go in as data-modifying CTEs of the same statement (a
 * child's foreign keys are checked at its end, so parents and children may go together), which
 * saves a round trip per table. There is no bind-parameter limit (65,535), and building it costs
 * one `JSON.stringify` instead of quoting every value in JavaScript. Columns no row sets get
 * their defaults.
 */
export async function insertRows(manager: EntityManager, ...batches: InsertBatch[]): Promise<void> {
  const escape = (name: string) => manager.connection.driver.escape(name);
  const parts: string[] = [];
  const params: string[] = [];
  for (const batch of batches) {
    if (batch.rows.length === 0) continue;
    const { table, columns, json } = records(manager, batch);
    params.push(JSON.stringify(json));
    const list = columns.map(escape).join(', ');
    parts.push(
      `INSERT INTO ${escape(table)} (${list}) SELECT ${list} ` +
        `FROM jsonb_populate_recordset(NULL::${escape(table)}, $${params.length}::jsonb)` +
        (batch.orIgnore ? ' ON CONFLICT DO NOTHING' : ''),
    );
  }
  if (parts.length === 0) return;
  const last = parts.pop()!;
  const ctes = parts.map((sql, i) => `i${i} AS (${sql})`);
  // Prepared: an entity set and its columns give a handful of texts, each run on every order.
  await manager.query(prepared(ctes.length > 0 ? `WITH ${ctes.join(', ')} ${last}` : last), params);
}
