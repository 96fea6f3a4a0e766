import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { FieldCipher } from './field-cipher';
import { UrlSigner } from '../auth/signed-urls';
import { deriveSecrets, KeyRing, loadKeyRing } from './key-ring';

/**
 * The configured (or locally generated) key ring, and what is keyed by it: the FieldCipher and
 * the URL signer (a secret derived from each data key, so rotating the keys rotates signing too).
 */
@Global()
@Module({
  providers: [
    {
      provide: KeyRing,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => loadKeyRing(config.encryptionKeys, config.dataDir),
    },
    {
      provide: FieldCipher,
      inject: [KeyRing],
      useFactory: (keys: KeyRing) => new FieldCipher(keys),
    },
    {
      provide: UrlSigner,
      inject: [KeyRing],
      useFactory: (keys: KeyRing) => new UrlSigner(deriveSecrets(keys, 'signed-urls')),
    },
  ],
  exports: [KeyRing, FieldCipher, UrlSigner],
})
export class CryptoModule {}
