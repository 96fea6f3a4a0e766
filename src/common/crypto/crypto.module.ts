import { Global, Module } from '@nestjs/common';
import { CommonSettings } from '../settings/common-settings';
import { FieldCipher } from './field-cipher';
import { PasswordHasher } from './password-hasher';
import { KeyRing, loadKeyRing } from './key-ring';

/**
 * The configured (or locally generated) key ring, the FieldCipher keyed by it, and password
 * hashing. What is signed with secrets derived from the keys is SigningModule's (common/auth).
 */
@Global()
@Module({
  providers: [
    {
      provide: KeyRing,
      inject: [CommonSettings],
      useFactory: (config: CommonSettings) => loadKeyRing(config.encryptionKeys, config.dataDir),
    },
    {
      provide: FieldCipher,
      inject: [KeyRing],
      useFactory: (keys: KeyRing) => new FieldCipher(keys),
    },
    { provide: PasswordHasher, useValue: new PasswordHasher() },
  ],
  exports: [KeyRing, FieldCipher, PasswordHasher],
})
export class CryptoModule {}
