import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { RecipeSetsModule } from '../recipe-sets';
import { RenderModule } from '../render';
import { SHARE_ENTITIES } from './entities';
import { ShareLinksRepository } from './share-links.repository';
import { SharePageService } from './share-page.service';
import { ShareService } from './share.service';

/** Sharing a design by e-mail and SMS, and the public page its links open. */
@Module({
  imports: [
    TypeOrmModule.forFeature(SHARE_ENTITIES),
    ClientsModule,
    RecipeSetsModule,
    RenderModule,
  ],
  providers: [ShareLinksRepository, ShareService, SharePageService],
  exports: [ShareService, SharePageService],
})
export class ShareModule {}
