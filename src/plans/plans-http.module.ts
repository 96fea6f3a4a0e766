import { Module } from '@nestjs/common';
import { PlansAdminController, CurrentPlanController } from './plans.controller';
import { PlansModule } from './plans.module';

/** The plans routes: the admin's and the client's own. */
@Module({
  imports: [PlansModule],
  controllers: [PlansAdminController, CurrentPlanController],
})
export class PlansHttpModule {}
