import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { CommonSettings } from '../settings/common-settings';
import { deriveSecret, KeyRing } from '../crypto/key-ring';
import { BlobKeys } from './blob-keys';
import { BlobLinks } from './blob-links';
import { BlobStore } from './blob-store';
import { DirectoryBlobStore } from './directory-blob-store';

/**
 * Where the service keeps bytes: the configured {@link BlobStore} (BLOB_STORE: a directory in
 * DATA_DIR, or an S3-compatible bucket), its keys and its links. The `/cdn` route serving it is
 * StorageHttpModule's.
 */
@Global()
@Module({
  providers: [
    {
      provide: BlobStore,
      inject: [CommonSettings],
      // The AWS SDK is loaded only with BLOB_STORE=s3 (a directory store never loads it).
      useFactory: async (config: CommonSettings): Promise<BlobStore> =>
        config.s3
          ? new (await import('./s3-blob-store.js')).S3BlobStore(config.s3)
          : new DirectoryBlobStore(join(config.dataDir, 'blobs')),
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
