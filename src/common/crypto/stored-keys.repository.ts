import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { encryptedColumns, EncryptedColumn } from './encrypted-columns';

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The distinct key ids of one column, as a recursive CTE that steps from one id to the next
 * through the column's key-id index (see `Encrypted`): a few index probes, whatever the number of
 * rows.
 */
function distinctKeyIds(name: string, { table, column, nullable }: EncryptedColumn): string {
  const keyId = `split_part(${quote(column)}, '.', 2)`;
  const from = `FROM ${quote(table)} WHERE ${nullable ? `${quote(column)} IS NOT NULL` : 'true'}`;
  return `${name}(k) AS (SELECT min(${keyId}) ${from}
    UNION ALL SELECT (SELECT min(${keyId}) ${from} AND ${keyId} > ${name}.k) FROM ${name} WHERE ${name}.k IS NOT NULL)`;
}

/** The query of {@link findMissingKeyIds}; `$1` is the ring's key ids. */
export function missingKeyIdsSql(columns: EncryptedColumn[]): string {
  const ctes = columns.map((c, i) => distinctKeyIds(`c${i}`, c));
  const used = columns.map((_, i) => `SELECT k FROM c${i}`).join(' UNION ALL ');
  return `WITH RECURSIVE ${ctes.join(',\n')}
     SELECT DISTINCT k AS key_id FROM (${used}) used
     WHERE k IS NOT NULL AND k <> ALL($1::text[]) ORDER BY 1`;
}

/** Every encrypted column of the schema, read for the key ids its values name. */
@Injectable()
export class StoredKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One query over every encrypted column of the entities the data source knows: the key ids
   * that stored values (`v1.<keyId>.…`) name and `keyIds` lacks.
   */
  async missingKeyIds(keyIds: string[]): Promise<string[]> {
    const columns = encryptedColumns(this.dataSource.entityMetadatas);
    if (columns.length === 0) return [];
    const rows = await this.dataSource.query<{ key_id: string }[]>(missingKeyIdsSql(columns), [
      keyIds,
    ]);
    return rows.map((r) => r.key_id);
  }
}
