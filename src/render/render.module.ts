import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { FontsModule } from '../fonts';
import { RecipeSetsModule } from '../recipesets';
import { RenderController } from './render.controller';
import { RenderService } from './render.service';

@Module({
  imports: [RecipeSetsModule, AssetsModule, FontsModule],
  controllers: [RenderController],
  providers: [RenderService],
})
export class RenderModule {}
