import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { FieldCipher } from './field-cipher';
import { KeyRing, loadKeyRing } from './key-ring';

/** The configured (or locally generated) key ring, and the FieldCipher over it. */
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
  ],
  exports: [KeyRing, FieldCipher],
})
export class CryptoModule {}
