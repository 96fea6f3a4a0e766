import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PLAN_ENTITIES } from './entities/monthly-usage.entity';
import { LibraryLimit } from './library-limit';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { WorkQuota } from './work-quota';

/**
 * Clients' plans and the limits they put on the rate-limited routes. Global: any controller may
 * use `@PlanLimited()`; its guard is made in the controller's module from PlansService and the
 * throttler's storage (RateLimitsModule), both global.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(PLAN_ENTITIES)],
  providers: [PlansRepository, PlansService, WorkQuota, LibraryLimit],
  exports: [PlansService, WorkQuota, LibraryLimit],
})
export class PlansModule {}
