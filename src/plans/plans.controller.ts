import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ClientPlanDto, SetPlanDto } from './plans.dto';
import { PlansService } from './plans.service';

const EXAMPLE: ClientPlanDto = {
  clientHandle: 'acme',
  plan: 'custom',
  limit: 5,
  windowSeconds: 60,
  monthlyCap: 10_000,
  usedThisMonth: 42,
  libraryAssets: 100_000,
};

/** Operators set each client's plan (ServiceAdmin). */
@ApiTags('Admin')
@Authenticated({ role: Role.ServiceAdmin })
@Controller('admin/clients/:clientHandle/plan')
export class PlansAdminController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @ApiOperation({
    operationId: 'getClientPlan',
    summary: "Read a client's plan",
    description:
      'The limits that apply to the client on the rate-limited routes (moderation, image generation) and its count this month. Requires a ServiceAdmin token.',
  })
  @ApiOkResponse({ type: ClientPlanDto, example: EXAMPLE })
  @ApiTextError(404, 'No such client.')
  get(@Param('clientHandle') clientHandle: string): Promise<ClientPlanDto> {
    return this.plans.get(clientHandle);
  }

  @Put()
  @ApiOperation({
    operationId: 'setClientPlan',
    summary: "Set a client's plan",
    description:
      '`{"plan": "free"}` applies a seeded plan (free: 10 a minute, 1,000 a month; standard: 120 a minute, 100,000 a month; enterprise: 1,200 a minute, no monthly cap). `{"limit": 5, "windowSeconds": 60, "monthlyCap": 10000}` gives the client limits of its own (`monthlyCap` optional). `libraryAssets` sets how many uploaded assets, and active saved assets, its library may hold (free 1,000, standard 100,000, enterprise 1,000,000); alone it changes only that. Applies from the next request. Requires a ServiceAdmin token.',
  })
  @ApiBody({
    type: SetPlanDto,
    examples: {
      custom: { value: { limit: 5, windowSeconds: 60, monthlyCap: 10_000 } },
      library: { value: { libraryAssets: 50_000 } },
      seeded: { value: { plan: 'enterprise' } },
    },
  })
  @ApiOkResponse({ type: ClientPlanDto, example: EXAMPLE })
  @ApiTextError(
    400,
    'Neither a plan, limit and windowSeconds, nor libraryAssets, or a value out of range.',
  )
  @ApiTextError(404, 'No such client.')
  set(
    @Param('clientHandle') clientHandle: string,
    @Body() body: SetPlanDto,
  ): Promise<ClientPlanDto> {
    return this.plans.set(clientHandle, body);
  }
}

/** A client reads its own plan. */
@ApiTags('Clients')
@Authenticated()
@Controller('api/clients/current/plan')
export class CurrentPlanController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @ApiOperation({
    operationId: 'getCurrentPlan',
    summary: "Read the calling client's plan",
    description:
      'The limits on the rate-limited routes (moderation, image generation), the count of this calendar month (UTC), and how many assets the library may hold.',
  })
  @ApiOkResponse({ type: ClientPlanDto, example: EXAMPLE })
  get(@CurrentActor() actor: Actor): Promise<ClientPlanDto> {
    return this.plans.get(actor.clientHandle);
  }
}
