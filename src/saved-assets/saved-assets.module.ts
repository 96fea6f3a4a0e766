import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from '../assets';
import { ClientsModule } from '../clients';
import { SAVED_ASSET_ENTITIES } from './entities';
import { SavedAssetListCache } from './saved-asset-list.cache';
import { SavedAssetListRepository } from './saved-asset-list.repository';
import { SavedAssetReadsService } from './saved-asset-reads.service';
import { SavedAssetsRepository } from './saved-assets.repository';
import { SavedAssetsService } from './saved-assets.service';

/** Saved uploaded assets (an organization's artwork library) and their production jobs. */
@Module({
  imports: [TypeOrmModule.forFeature(SAVED_ASSET_ENTITIES), AssetsModule, ClientsModule],
  providers: [
    SavedAssetsRepository,
    SavedAssetListRepository,
    SavedAssetListCache,
    SavedAssetReadsService,
    SavedAssetsService,
  ],
  exports: [SavedAssetsService, SavedAssetReadsService],
})
export class SavedAssetsModule {}
