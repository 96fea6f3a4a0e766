import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from '../assets';
import { CatalogModule } from '../catalog';
import { ArtworkModerationController } from './artwork-moderation.controller';
import { MODERATION_ENTITIES } from './entities';
import { MachineModerationController } from './machine-moderation.controller';
import { ModerationInputs } from './moderation-inputs';
import { ModerationListsController } from './moderation-lists.controller';
import { ModerationListsService } from './moderation-lists.service';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

/** Artwork moderation, machine moderation, and the clients' word lists and hash blocklists. */
@Module({
  imports: [TypeOrmModule.forFeature(MODERATION_ENTITIES), AssetsModule, CatalogModule],
  controllers: [
    ArtworkModerationController,
    MachineModerationController,
    ModerationListsController,
  ],
  providers: [ModerationRepository, ModerationInputs, ModerationListsService, ModerationService],
})
export class ModerationModule {}
