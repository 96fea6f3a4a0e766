import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from '../assets';
import { CatalogModule } from '../catalog';
import { MODERATION_ENTITIES } from './entities';
import { ModerationInputs } from './moderation-inputs';
import { ModerationListsService } from './moderation-lists.service';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

/** Artwork moderation, machine moderation, and the clients' word lists and hash blocklists. */
@Module({
  imports: [TypeOrmModule.forFeature(MODERATION_ENTITIES), AssetsModule, CatalogModule],
  providers: [ModerationRepository, ModerationInputs, ModerationListsService, ModerationService],
  exports: [ModerationService, ModerationListsService],
})
export class ModerationModule {}
