import { Module } from '@nestjs/common';
import { UploadedAssetsController } from './uploaded-assets.controller';
import { AssetsModule } from './assets.module';

/** The uploaded-assets routes. */
@Module({
  imports: [AssetsModule],
  controllers: [UploadedAssetsController],
})
export class AssetsHttpModule {}
