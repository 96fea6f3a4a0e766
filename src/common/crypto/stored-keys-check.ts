import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { encryptedColumns, EncryptedColumn } from './encrypted-columns';
import { FieldCipher, STORED_VALUE_VERSION } from './field-cipher';
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

/**
 * One query over every encrypted column: the key ids that stored values name and the key ring
 * lacks. Values not in the FieldCipher format (none, once migrated) are not counted.
 */
export async function findMissingKeyIds(
  dataSource: DataSource,
  columns: EncryptedColumn[],
  keyIds: string[],
): Promise<string[]> {
  if (columns.length === 0) return [];
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const values = columns
    .map(({ table, column }) => `SELECT ${q(column)} AS v FROM ${q(table)}`)
    .join(' UNION ALL ');
  const rows = await dataSource.query<{ key_id: string }[]>(
    `SELECT DISTINCT split_part(v, '.', 2) AS key_id FROM (${values}) stored
     WHERE v LIKE $1 AND split_part(v, '.', 2) <> ALL($2::text[]) ORDER BY 1`,
    [`${STORED_VALUE_VERSION}.%`, keyIds],
  );
  return rows.map((r) => r.key_id);
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
    private readonly config: AppConfig,
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
        : `${KEY_FILE_PATH(this.config.dataDir)}, generated because DATA_ENCRYPTION_KEYS is not set`,
    );
  }
}
