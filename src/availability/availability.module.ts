import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { AvailabilityPagesController } from './availability-pages.controller';
import { AvailabilityController } from './availability.controller';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { AVAILABILITY_ENTITIES } from './entities';
import { PageSessions } from './page-sessions';

/** Price adjustments and availability of clients' SKUs: the JSON admin API and the HTML pages. */
@Module({
  imports: [TypeOrmModule.forFeature(AVAILABILITY_ENTITIES), ClientsModule],
  controllers: [AvailabilityController, AvailabilityPagesController],
  providers: [AvailabilityRepository, AvailabilityService, PageSessions],
  exports: [AvailabilityService],
})
export class AvailabilityModule {}
