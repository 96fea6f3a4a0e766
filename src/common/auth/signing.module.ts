import { Global, Module } from '@nestjs/common';
import { deriveSecrets, KeyRing } from '../crypto/key-ring';
import { CommonSettings } from '../settings/common-settings';
import { FormGuard } from './form-guard';
import { UrlSigner } from './signed-urls';

/**
 * What is signed with secrets derived from each data key of the key ring (CryptoModule), so that
 * rotating the keys rotates them too: signed URLs (UrlSigner) and the tokens of our own HTML forms
 * (FormGuard).
 */
@Global()
@Module({
  providers: [
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
  exports: [UrlSigner, FormGuard],
})
export class SigningModule {}
