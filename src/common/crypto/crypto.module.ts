import { Global, Module } from '@nestjs/common';
import { CommonSettings } from '../settings/common-settings';
import { FieldCipher } from './field-cipher';
import { UrlSigner } from '../auth/signed-urls';
import { FormGuard } from '../http/form-guard';
import { PasswordHasher } from './password-hasher';
import { deriveSecrets, KeyRing, loadKeyRing } from './key-ring';

/**
 * The configured (or locally generated) key ring, and what is keyed by it: the FieldCipher and
 * the URL signer and the form guard (secrets derived from each data key, so rotating the keys
 * rotates them too), and password hashing.
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
    {
      provide: FormGuard,
      inject: [KeyRing, CommonSettings],
      useFactory: (keys: KeyRing, config: CommonSettings) =>
        new FormGuard(deriveSecrets(keys, 'forms'), config.baseUrl),
    },
    {
      provide: UrlSigner,
      inject: [KeyRing],
      useFactory: (keys: KeyRing) => new UrlSigner(deriveSecrets(keys, 'signed-urls')),
    },
  ],
  exports: [KeyRing, FieldCipher, UrlSigner, PasswordHasher, FormGuard],
})
export class CryptoModule {}
