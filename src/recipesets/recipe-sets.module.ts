import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RECIPE_SET_ENTITIES } from './entities';
import { RecipeSetsRepository } from './recipe-sets.repository';
import { RecipeSetsService } from './recipe-sets.service';

@Module({
  imports: [TypeOrmModule.forFeature(RECIPE_SET_ENTITIES)],
  providers: [RecipeSetsRepository, RecipeSetsService],
  exports: [RecipeSetsService],
})
export class RecipeSetsModule {}
