import { Module } from '@nestjs/common';
import { WebToPrintController } from './web-to-print.controller';
import { SpecificationController } from './specification.controller';
import { WebToPrintModule } from './web-to-print.module';

/** The web-to-print routes: print files and the specification PDF. */
@Module({
  imports: [WebToPrintModule],
  controllers: [WebToPrintController, SpecificationController],
})
export class WebToPrintHttpModule {}
