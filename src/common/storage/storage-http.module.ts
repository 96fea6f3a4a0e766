import { Module } from '@nestjs/common';
import { BlobServer } from './blob-server';
import { BlobServingController } from './blob-serving.controller';

/**
 * `GET`/`HEAD /cdn/{key}`: the blobs of the (global) StorageModule's store, answered over HTTP by
 * BlobServer, for the API only.
 */
@Module({
  controllers: [BlobServingController],
  providers: [BlobServer],
})
export class StorageHttpModule {}
