import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from '../assets';
import { CatalogModule } from '../catalog';
import { FontsModule } from '../fonts';
import { RECIPE_SET_ENTITIES } from './entities';
import { RecipeSetDesignsService } from './recipe-set-designs.service';
import { RecipeSetsRepository } from './recipe-sets.repository';
import { RecipeSetsService } from './recipe-sets.service';

@Module({
  imports: [
    TypeOrmModule.forFeature(RECIPE_SET_ENTITIES),
    CatalogModule,
    AssetsModule,
    FontsModule,
  ],
  providers: [RecipeSetsRepository, RecipeSetsService, RecipeSetDesignsService],
  exports: [RecipeSetsService, RecipeSetDesignsService],
})
export class RecipeSetsModule {}
