import type { EntityMetadata } from 'typeorm';

/** Entity class → the properties that hold FieldCipher output. */
const registry = new Map<object, Set<string>>();

/**
 * Marks an entity column that stores FieldCipher output (`v1.<keyId>.…`), so that the start-up
 * check of the key ring (StoredKeysCheck) covers it. Put it beside the column's `@Column`, and
 * give the column its key-id index in the migration that adds it, or the check reads every row:
 * `CREATE INDEX … ON "<table>" ((split_part("<column>", '.', 2)))`, with
 * `WHERE "<column>" IS NOT NULL` for a nullable column (and only then: the planner drops that
 * condition from queries on a NOT NULL column, and the partial index would not serve them).
 */
export function Encrypted(): PropertyDecorator {
  return (target, property) => {
    const properties = registry.get(target.constructor) ?? new Set<string>();
    properties.add(String(property));
    registry.set(target.constructor, properties);
  };
}

export interface EncryptedColumn {
  table: string;
  column: string;
  nullable: boolean;
}

/** The encrypted columns of these entities (a data source's), as table and column names. */
export function encryptedColumns(entities: readonly EntityMetadata[]): EncryptedColumn[] {
  return entities.flatMap((m) => {
    const properties = registry.get(m.target as object);
    if (!properties) return [];
    return m.columns
      .filter((c) => properties.has(c.propertyName))
      .map((c) => ({ table: m.tableName, column: c.databaseName, nullable: c.isNullable }));
  });
}
