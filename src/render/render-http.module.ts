import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { refuseAmbiguousPaths } from '../common/auth/unambiguous-path';
import { RenderLinksController } from './render-links.controller';
import { RenderController } from './render.controller';
import { RenderModule } from './render.module';

/**
 * The render routes. Render paths carry parameters in their segments and signed render URLs sign
 * their path: a path that a URL normaliser would read differently is refused (400) before the
 * guard verifies a signature or a handler parses a segment.
 */
@Module({
  imports: [RenderModule],
  controllers: [RenderController, RenderLinksController],
})
export class RenderHttpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(refuseAmbiguousPaths).forRoutes(RenderController);
  }
}
