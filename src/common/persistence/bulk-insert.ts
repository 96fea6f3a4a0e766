import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Inserts `rows` of an entity in one statement with one parameter: the rows as a JSON array that
 * PostgreSQL turns into records of the table (`jsonb_populate_recordset`), converting each value
 * to its column's type (timestamps from ISO strings, arrays into array columns, JSON as is).
 * Unlike a multi-row `VALUES` list it has no bind-parameter limit (65,535), and building it costs
 * one `JSON.stringify` instead of quoting every value in JavaScript. Columns no row sets get their
 * defaults. `orIgnore` skips rows that would violate a unique constraint (`ON CONFLICT DO NOTHING`).
 */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: Partial<T>[],
  options: { orIgnore?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(target);
  const given = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) given.add(key);
  const columns = metadata.columns.filter((c) => given.has(c.propertyName));
  const records = rows.map((row) => {
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
  const escape = (name: string) => manager.connection.driver.escape(name);
  const table = escape(metadata.tableName);
  const list = columns.map((c) => escape(c.databaseName)).join(', ');
  await manager.query(
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)` +
      (options.orIgnore ? ' ON CONFLICT DO NOTHING' : ''),
    [JSON.stringify(records)],
  );
}
