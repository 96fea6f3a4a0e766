import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RecipeSetEntity } from './entities/recipe-set.entity';
import { RecipeSetsService } from './recipe-sets.service';

@Module({
  imports: [TypeOrmModule.forFeature([RecipeSetEntity])],
  providers: [RecipeSetsService],
  exports: [RecipeSetsService],
})
export class RecipeSetsModule {}
