import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { deriveSecret, KeyRing } from '../crypto/key-ring';
import { BlobKeys } from './blob-keys';
import { BlobLinks } from './blob-links';
import { BlobStore } from './blob-store';
import { DirectoryBlobStore } from './directory-blob-store';

/** Where the service keeps bytes: the configured {@link BlobStore}, its keys and its links. */
@Global()
@Module({
  providers: [
    {
      provide: BlobStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig): BlobStore =>
        new DirectoryBlobStore(join(config.dataDir, 'blobs')),
    },
    {
      provide: BlobKeys,
      inject: [KeyRing],
      useFactory: (keys: KeyRing) => new BlobKeys(deriveSecret(keys, 'blob-keys')),
    },
    BlobLinks,
  ],
  exports: [BlobStore, BlobKeys, BlobLinks],
})
export class StorageModule {}
