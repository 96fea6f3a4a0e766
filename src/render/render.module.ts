import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { refuseAmbiguousPaths } from '../common/auth/unambiguous-path';
import { AssetsModule } from '../assets';
import { FontsModule } from '../fonts';
import { RecipeSetsModule } from '../recipe-sets';
import { RenderLinksController } from './render-links.controller';
import { RenderLinksService } from './render-links.service';
import { RenderController } from './render.controller';
import { RenderService } from './render.service';
import { ClientImages } from './client-images';
import { RenderStore } from './render-store';

/**
 * Rendering. Render paths carry parameters in their segments and signed render URLs sign their
 * path: a path that a URL normaliser would read differently is refused (400) before the guard
 * verifies a signature or a handler parses a segment.
 */
@Module({
  imports: [RecipeSetsModule, AssetsModule, FontsModule],
  controllers: [RenderController, RenderLinksController],
  providers: [RenderService, RenderStore, RenderLinksService, ClientImages],
  exports: [RenderLinksService, RenderService, ClientImages],
})
export class RenderModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(refuseAmbiguousPaths).forRoutes(RenderController);
  }
}
