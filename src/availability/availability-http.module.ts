import { Module } from '@nestjs/common';
import { AvailabilityController } from './availability.controller';
import { AvailabilityPagesController } from './availability-pages.controller';
import { AvailabilityModule } from './availability.module';

/** The availability routes: the JSON admin API and the HTML pages. */
@Module({
  imports: [AvailabilityModule],
  controllers: [AvailabilityController, AvailabilityPagesController],
})
export class AvailabilityHttpModule {}
