import { Module } from '@nestjs/common';
import { ImageGenController } from './imagegen.controller';
import { ImageGenModule } from './imagegen.module';

/** The image-generation routes. */
@Module({
  imports: [ImageGenModule],
  controllers: [ImageGenController],
})
export class ImageGenHttpModule {}
