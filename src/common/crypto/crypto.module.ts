import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { FieldCipher } from './field-cipher';
import { loadKeyRing } from './key-ring';

/** Provides the FieldCipher over the configured (or locally generated) key ring. */
@Global()
@Module({
  providers: [
    {
      provide: FieldCipher,
      inject: [AppConfig],
      useFactory: async (config: AppConfig) =>
        new FieldCipher(await loadKeyRing(config.encryptionKeys, config.dataDir)),
    },
  ],
  exports: [FieldCipher],
})
export class CryptoModule {}
