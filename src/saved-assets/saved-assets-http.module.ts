import { Module } from '@nestjs/common';
import { SavedAssetsController } from './saved-assets.controller';
import { SavedAssetWritesController } from './saved-asset-writes.controller';
import { SavedAssetsModule } from './saved-assets.module';

/** The saved-assets routes: reads, writes and production jobs. */
@Module({
  imports: [SavedAssetsModule],
  controllers: [SavedAssetsController, SavedAssetWritesController],
})
export class SavedAssetsHttpModule {}
