import { Module } from '@nestjs/common';
import { RecipeSetsController } from './recipe-sets.controller';
import { RecipeSetsModule } from './recipe-sets.module';

/** The recipe-sets routes. */
@Module({
  imports: [RecipeSetsModule],
  controllers: [RecipeSetsController],
})
export class RecipeSetsHttpModule {}
