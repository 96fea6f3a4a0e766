import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { CatalogModule } from '../catalog';
import { ClientsModule } from '../clients';
import { RecipeSetsModule } from '../recipe-sets';
import { SavedAssetsModule } from '../saved-assets';
import { DemoService } from './demo.service';

@Module({
  imports: [ClientsModule, CatalogModule, AssetsModule, RecipeSetsModule, SavedAssetsModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
