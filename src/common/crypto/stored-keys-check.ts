import { Injectable, OnModuleInit } from '@nestjs/common';
import { CommonSettings } from '../settings/common-settings';
import { FieldCipher } from './field-cipher';
import { KEY_FILE_PATH } from './key-ring';
import { StoredKeysRepository } from './stored-keys.repository';

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
 * Refuses to start when stored rows use a key that is not in the ring: otherwise every request
 * that reads such a row would fail with a 500. Runs once, when the application initialises
 * (after the migrations), over every column marked `@Encrypted()`.
 */
@Injectable()
export class StoredKeysCheck implements OnModuleInit {
  constructor(
    private readonly storedKeys: StoredKeysRepository,
    private readonly cipher: FieldCipher,
    private readonly config: CommonSettings,
  ) {}

  async onModuleInit(): Promise<void> {
    const missing = await this.storedKeys.missingKeyIds(this.cipher.keyIds);
    if (missing.length === 0) return;
    throw new MissingDataKeys(
      missing,
      this.config.encryptionKeys
        ? 'DATA_ENCRYPTION_KEYS'
        : `${KEY_FILE_PATH(this.config.dataDir)}, as DATA_ENCRYPTION_KEYS is not set`,
    );
  }
}
