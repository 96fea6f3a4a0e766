import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { CatalogModule } from '../catalog';
import { ClientsModule } from '../clients';
import { RecipeSetsModule } from '../recipe-sets';
import { SavedAssetsModule } from '../saved-assets';
import { ModerationModule } from '../moderation';
import { ShareModule } from '../share';
import { UsersModule } from '../users';
import { WebhooksModule } from '../webhooks';
import { DemoAccount } from './demo-account';
import { DemoExampleIds } from './demo-example-ids';
import { DemoService } from './demo.service';

@Module({
  imports: [
    ClientsModule,
    CatalogModule,
    AssetsModule,
    RecipeSetsModule,
    SavedAssetsModule,
    UsersModule,
    ShareModule,
    ModerationModule,
    WebhooksModule,
  ],
  providers: [DemoService, DemoAccount, DemoExampleIds],
  exports: [DemoService, DemoExampleIds],
})
export class DemoModule {}
