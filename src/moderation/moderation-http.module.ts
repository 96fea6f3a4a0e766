import { Module } from '@nestjs/common';
import { ArtworkModerationController } from './artwork-moderation.controller';
import { MachineModerationController } from './machine-moderation.controller';
import { ModerationListsController } from './moderation-lists.controller';
import { ModerationModule } from './moderation.module';

/** The moderation routes: artwork and machine moderation, word lists and hash blocklists. */
@Module({
  imports: [ModerationModule],
  controllers: [
    ArtworkModerationController,
    MachineModerationController,
    ModerationListsController,
  ],
})
export class ModerationHttpModule {}
