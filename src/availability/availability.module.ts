import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { AVAILABILITY_ENTITIES } from './entities';
import { PageSessions } from './page-sessions';

/** Price adjustments and availability of clients' SKUs: the JSON admin API and the HTML pages. */
@Module({
  imports: [TypeOrmModule.forFeature(AVAILABILITY_ENTITIES), ClientsModule],
  providers: [AvailabilityRepository, AvailabilityService, PageSessions],
  // PageSessions: the HTML pages' sign-in (AvailabilityHttpModule).
  exports: [AvailabilityService, PageSessions],
})
export class AvailabilityModule {}
