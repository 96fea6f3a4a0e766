import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** PostgreSQL's wire protocol numbers bind parameters with 16 bits: at most 65,535 per statement. */
export const MAX_BIND_PARAMETERS = 65_535;

/**
 * Inserts `rows` in as few statements as PostgreSQL's bind-parameter limit allows: each statement
 * carries at most MAX_BIND_PARAMETERS values, whatever the table's width or the row count.
 * `orIgnore` skips rows that would violate a unique constraint (`ON CONFLICT DO NOTHING`).
 */
export async function insertInChunks<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
  options: { orIgnore?: boolean } = {},
): Promise<void> {
  const columns = manager.connection.getMetadata(target).columns.length;
  const perStatement = Math.max(1, Math.floor(MAX_BIND_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += perStatement) {
    const insert = manager
      .createQueryBuilder()
      .insert()
      .into(target)
      .values(rows.slice(i, i + perStatement));
    await (options.orIgnore ? insert.orIgnore() : insert).execute();
  }
}
