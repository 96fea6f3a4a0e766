import { Module } from '@nestjs/common';
import { FontsController } from './fonts.controller';
import { FontsModule } from './fonts.module';

/** The fonts route. */
@Module({
  imports: [FontsModule],
  controllers: [FontsController],
})
export class FontsHttpModule {}
