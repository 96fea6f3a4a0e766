import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { FontsModule } from '../fonts';
import { ImageDrawer } from './image-drawer';
import { ImageGenController } from './imagegen.controller';
import { ImageGenService } from './imagegen.service';

/** Generated images (text, monograms, patterns, QR codes), answered or saved as uploads. */
@Module({
  imports: [FontsModule, AssetsModule],
  controllers: [ImageGenController],
  providers: [ImageDrawer, ImageGenService],
})
export class ImageGenModule {}
