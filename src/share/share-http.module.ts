import { Module } from '@nestjs/common';
import { ShareController } from './share.controller';
import { SharePageController } from './share-page.controller';
import { ShareModule } from './share.module';

/** The share routes and the public page their links open. */
@Module({
  imports: [ShareModule],
  controllers: [ShareController, SharePageController],
})
export class ShareHttpModule {}
