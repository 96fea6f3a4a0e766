import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { FontsModule } from '../fonts';
import { RecipeSetsModule } from '../recipesets';
import { RenderLinksController } from './render-links.controller';
import { RenderLinksService } from './render-links.service';
import { RenderController } from './render.controller';
import { RenderService } from './render.service';
import { ClientImages } from './client-images';
import { RenderStore } from './render-store';

@Module({
  imports: [RecipeSetsModule, AssetsModule, FontsModule],
  controllers: [RenderController, RenderLinksController],
  providers: [RenderService, RenderStore, RenderLinksService, ClientImages],
  exports: [RenderLinksService, RenderService, ClientImages],
})
export class RenderModule {}
