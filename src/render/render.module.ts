import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { FontsModule } from '../fonts';
import { RecipeSetsModule } from '../recipe-sets';
import { RenderLinksService } from './render-links.service';
import { RenderService } from './render.service';
import { ClientImages } from './client-images';
import { RenderStore } from './render-store';

/** Rendering view angles of recipe sets' designs, and signed render links. */
@Module({
  imports: [RecipeSetsModule, AssetsModule, FontsModule],
  providers: [RenderService, RenderStore, RenderLinksService, ClientImages],
  exports: [RenderLinksService, RenderService, ClientImages],
})
export class RenderModule {}
