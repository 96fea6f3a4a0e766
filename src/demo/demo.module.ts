import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { CatalogModule } from '../catalog';
import { ClientsModule } from '../clients/clients.module';
import { RecipeSetsModule } from '../recipesets';
import { DemoService } from './demo.service';

@Module({
  imports: [ClientsModule, CatalogModule, AssetsModule, RecipeSetsModule],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
