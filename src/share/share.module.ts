import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { RecipeSetsModule } from '../recipe-sets';
import { RenderModule } from '../render';
import { SHARE_ENTITIES } from './entities';
import { ShareLinksRepository } from './share-links.repository';
import { SharePageController } from './share-page.controller';
import { SharePageService } from './share-page.service';
import { ShareController } from './share.controller';
import { ShareService } from './share.service';

/** Sharing a design by e-mail and SMS, and the public page its links open. */
@Module({
  imports: [
    TypeOrmModule.forFeature(SHARE_ENTITIES),
    ClientsModule,
    RecipeSetsModule,
    RenderModule,
  ],
  controllers: [ShareController, SharePageController],
  providers: [ShareLinksRepository, ShareService, SharePageService],
  exports: [ShareService],
})
export class ShareModule {}
