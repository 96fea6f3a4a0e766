import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommonSettings } from '../settings/common-settings';
import { encryptedColumns, EncryptedColumn } from './encrypted-columns';
import { FieldCipher } from './field-cipher';
import { KEY_FILE_PATH } from './key-ring';

export class MissingDataKeys extends Error {
  constructor(
    readonly keyIds: string[],
    where: string,
  ) {
    super(
      `Stored data is encrypted with key id${keyIds.length > 1 ? 's' : ''} ${keyIds.join(', ')}, missing from the key ring (${where}). ` +
        'Add the missing keys back (after the key that encrypts new data); the service does not start without them.',
    );
    this.name = 'MissingDataKeys';
  }
}

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

/**
 * One query over every encrypted column: the key ids that stored values (`v1.<keyId>.…`) name and
 * the key ring lacks.
 */
export async function findMissingKeyIds(
  dataSource: DataSource,
  columns: EncryptedColumn[],
  keyIds: string[],
): Promise<string[]> {
  if (columns.length === 0) return [];
  const rows = await dataSource.query<{ key_id: string }[]>(missingKeyIdsSql(columns), [keyIds]);
  return rows.map((r) => r.key_id);
}

/** The query of {@link findMissingKeyIds}; `$1` is the ring's key ids. */
export function missingKeyIdsSql(columns: EncryptedColumn[]): string {
  const ctes = columns.map((c, i) => distinctKeyIds(`c${i}`, c));
  const used = columns.map((_, i) => `SELECT k FROM c${i}`).join(' UNION ALL ');
  return `WITH RECURSIVE ${ctes.join(',\n')}
     SELECT DISTINCT k AS key_id FROM (${used}) used
     WHERE k IS NOT NULL AND k <> ALL($1::text[]) ORDER BY 1`;
}

/**
 * Refuses to start when stored rows use a key that is not in the ring: otherwise every request
 * that reads such a row would fail with a 500. Runs once, when the application initialises
 * (after the migrations), over every column marked `@Encrypted()`.
 */
@Injectable()
export class StoredKeysCheck implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: FieldCipher,
    private readonly config: CommonSettings,
  ) {}

  async onModuleInit(): Promise<void> {
    const missing = await findMissingKeyIds(
      this.dataSource,
      encryptedColumns(this.dataSource),
      this.cipher.keyIds,
    );
    if (missing.length === 0) return;
    throw new MissingDataKeys(
      missing,
      this.config.encryptionKeys
        ? 'DATA_ENCRYPTION_KEYS'
        : `${KEY_FILE_PATH(this.config.dataDir)}, as DATA_ENCRYPTION_KEYS is not set`,
    );
  }
}
