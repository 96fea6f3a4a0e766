import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets';
import { FontsModule } from '../fonts';
import { ImageDrawer } from './image-drawer';
import { ImageGenService } from './imagegen.service';

/** Generated images (text, monograms, patterns, QR codes), answered or saved as uploads. */
@Module({
  imports: [FontsModule, AssetsModule],
  providers: [ImageDrawer, ImageGenService],
  exports: [ImageGenService],
})
export class ImageGenModule {}
