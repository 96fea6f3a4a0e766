/** What other modules may use of the plans module: the route decorator and the service. */
export { PlansModule } from './plans.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { PlansHttpModule } from './plans-http.module';
export { PlanActor, PlanLimited } from './plan-limited.decorator';
export { PlanLimitGuard, requestedClientHandle } from './plan-limit.guard';
export { PlansService } from './plans.service';
export { PLANS, planLimits } from './plan-limits';
export type { PlanLimits } from './plan-limits';
export { PLAN_ENTITIES } from './entities/monthly-usage.entity';
export { ClientPlanDto, SetPlanDto } from './plans.dto';
export { WorkLimited, WorkLimitReached, WorkPolicy, WorkQuota } from './work-quota';
/** The capped insert of the libraries the plans limit (uploaded and saved assets). */
export { LibraryLimit } from './library-limit';
