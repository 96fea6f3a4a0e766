import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { PROBLEM_JSON, ProblemDetails } from '../common/errors/problem-details';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { RequestId } from '../common/http/request-id';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { UpdateRejectedFilter, UpdateResultDto } from '../orders';
import { ApiRecipeSetRefParam } from '../recipe-sets';
import { PrintFailures } from '../web-to-print';
import {
  AdvanceDto,
  CancelDto,
  FailPrintFilesDto,
  DEFAULT_HELD_MESSAGES,
  HeldMessageListDto,
  HeldMessagesQueryDto,
  PrintFailureRequestedDto,
  RunScenarioDto,
  SandboxUpdateResultDto,
  ScenarioStartedDto,
  ShipDto,
} from './sandbox.dto';
import { SandboxMessages } from './sandbox-messages';
import { SandboxOnlyGuard } from './sandbox-only.guard';
import { SandboxOrdersService } from './sandbox-orders.service';
import { SandboxScenarioJob } from './sandbox-scenario.job';

const SANDBOX_ONLY =
  'A live token: the sandbox helpers answer sandbox clients (tokens pci_test_…) only.';
/**
 * 404: an order or line item the client does not have is an UpdateResult naming it (as on the real
 * update routes); a path naming no route at all, the usual error text.
 */
const UpdateNotFound = () =>
  ApiResponse({
    status: 404,
    description:
      'The order, or a named line item, is missing: an UpdateResult naming it (application/json); nothing changed.',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(UpdateResultDto) } },
      'text/plain': { schema: { type: 'string' } },
      [PROBLEM_JSON]: { schema: { $ref: getSchemaPath(ProblemDetails) } },
    },
  });

/**
 * Test helpers of sandbox clients (docs/api/sandbox.md): they move a sandbox order through what a
 * factory would do, firing exactly the events the real transitions fire.
 */
@ApiTags('Sandbox')
@Authenticated()
@UseGuards(SandboxOnlyGuard)
@UseFilters(UpdateRejectedFilter)
@Controller('api/sandbox')
export class SandboxController {
  constructor(
    private readonly orders: SandboxOrdersService,
    private readonly scenarios: SandboxScenarioJob,
    private readonly printFailures: PrintFailures,
    private readonly messages: SandboxMessages,
  ) {}

  @Post('orders/:purchaseOrderNumber/advance')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sandboxAdvanceOrder',
    summary: 'Move line items of a sandbox order to a workflow status',
    description:
      "Sets the workflow status of the recipe set's line items (all line items when recipeSetReadableId is omitted), as PUT /api/order/status does: one order.line_item.status_changed per line item whose status changed, and recipe_set.status_changed where the recipe set moves.",
  })
  @ApiOkResponse({ type: UpdateResultDto })
  @UpdateNotFound()
  @ApiTextError(400, 'Invalid body (an unknown status, naming it).')
  @ApiTextError(403, SANDBOX_ONLY)
  advance(
    @CurrentActor() actor: Actor,
    @Param('purchaseOrderNumber') purchaseOrderNumber: string,
    @Body() body: AdvanceDto,
    @RequestId() requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.orders.advance(actor, purchaseOrderNumber, body, requestId);
  }

  @Post('orders/:purchaseOrderNumber/ship')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    operationId: 'sandboxShipOrder',
    summary: 'Ship a sandbox order in packages',
    description:
      'One ship notification per package (POST /api/order/ship-notification), all in one transaction: one order.shipment.recorded per line item shipped. A package without tracking gets a generated number (SBX…); without packages, one package of every line item. Accepts an optional Idempotency-Key.',
  })
  @ApiBody({ type: ShipDto, required: false })
  @ApiOkResponse({ type: SandboxUpdateResultDto })
  @UpdateNotFound()
  @ApiTextError(400, 'Invalid body, naming the field.')
  @ApiTextError(403, SANDBOX_ONLY)
  ship(
    @CurrentActor() actor: Actor,
    @Param('purchaseOrderNumber') purchaseOrderNumber: string,
    @Body() body: ShipDto,
    @RequestId() requestId: string | null,
  ): Promise<SandboxUpdateResultDto> {
    return this.orders.ship(actor, purchaseOrderNumber, body, requestId);
  }

  @Post('orders/:purchaseOrderNumber/cancel')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sandboxCancelOrder',
    summary: 'Cancel line items of a sandbox order',
    description:
      "Moves the named recipe sets' line items (all when omitted) to cancelled: order.line_item.status_changed, and recipe_set.status_changed to Cancelled; their print files are then withheld (403), as for a real cancellation.",
  })
  @ApiBody({ type: CancelDto, required: false })
  @ApiOkResponse({ type: UpdateResultDto })
  @UpdateNotFound()
  @ApiTextError(400, 'Invalid body, naming the field.')
  @ApiTextError(403, SANDBOX_ONLY)
  cancel(
    @CurrentActor() actor: Actor,
    @Param('purchaseOrderNumber') purchaseOrderNumber: string,
    @Body() body: CancelDto,
    @RequestId() requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.orders.cancel(actor, purchaseOrderNumber, body, requestId);
  }

  @Post('orders/:purchaseOrderNumber/run')
  @HttpCode(202)
  @Idempotent()
  @ApiOperation({
    operationId: 'sandboxRunScenario',
    summary: 'Play a whole lifecycle on a sandbox order',
    description:
      'Plays the scenario on every line item, one step every SANDBOX_STEP_SECONDS (default 2), each step firing the events of its real transition. happy-path: in-progress, completed, ship, delivered. with-revision: user-proof-requested, revision, approved, in-progress, completed, ship, delivered. cancelled: in-progress, on-hold, cancelled. Accepts an optional Idempotency-Key.',
  })
  @ApiAcceptedResponse({ type: ScenarioStartedDto })
  @ApiTextError(400, 'An unknown scenario (naming the ones there are).')
  @ApiTextError(403, SANDBOX_ONLY)
  @ApiTextError(404, 'No such purchase order for this client.')
  run(
    @CurrentActor() actor: Actor,
    @Param('purchaseOrderNumber') purchaseOrderNumber: string,
    @Body() body: RunScenarioDto,
  ): Promise<ScenarioStartedDto> {
    return this.scenarios.start(actor, purchaseOrderNumber, body.scenario);
  }

  @Post('recipesets/:recipeSetId/print-files/fail')
  @HttpCode(202)
  @ApiRecipeSetRefParam('recipeSetId')
  @ApiOperation({
    operationId: 'sandboxFailPrintFiles',
    summary: 'Make the next print-file run of a sandbox recipe set fail',
    description:
      "Starts a print-file run of the recipe set's current design version now (files already made are made again) that fails for good with the reason: print_files.failed with it as `error`, the recipe set ProcessingFailure, and GET /api/webtoprint/{id} answering as for a real failure (500 with a log link).",
  })
  @ApiAcceptedResponse({ type: PrintFailureRequestedDto })
  @ApiTextError(400, 'A missing or blank reason.')
  @ApiTextError(403, SANDBOX_ONLY)
  @ApiTextError(404, 'No such recipe set for this client.')
  failPrintFiles(
    @CurrentActor() actor: Actor,
    @Param('recipeSetId') recipeSetId: string,
    @Body() body: FailPrintFilesDto,
  ): Promise<PrintFailureRequestedDto> {
    return this.printFailures.failNext(actor, recipeSetId, body.reason);
  }

  @Get('messages')
  // Invitation links among them make whoever opens them a user of the client: Admins only.
  @Authenticated({ role: Role.Admin })
  @ApiOperation({
    operationId: 'sandboxMessages',
    summary: "The sandbox client's e-mails and SMS, held and never sent",
    description:
      'Newest first: what share and invitation messages would have said, with their links (an invitation link can be opened to accept it). Admin tokens only: an invitation link makes whoever opens it a user of the client.',
  })
  @ApiOkResponse({ type: HeldMessageListDto })
  @ApiTextError(400, 'A limit outside 1–200.')
  @ApiTextError(403, `${SANDBOX_ONLY} Or a User token.`)
  heldMessages(
    @CurrentActor() actor: Actor,
    @Query() query: HeldMessagesQueryDto,
  ): Promise<HeldMessageListDto> {
    return this.messages.held(actor, query.limit ?? DEFAULT_HELD_MESSAGES);
  }
}
