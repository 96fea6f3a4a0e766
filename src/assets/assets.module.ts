import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsService } from './assets.service';
import { ASSET_ENTITIES } from './entities';
import { UploadedAssetsRepository } from './uploaded-assets.repository';

/** Uploaded images: artwork for designs and catalog layer images. Blob storage is global. */
@Module({
  imports: [TypeOrmModule.forFeature(ASSET_ENTITIES)],
  providers: [UploadedAssetsRepository, AssetsService],
  exports: [AssetsService],
})
export class AssetsModule {}
