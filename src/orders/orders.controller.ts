import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { RequestId } from '../common/http/request-id';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { RecipeStatus } from '../recipe-sets';
import { AcknowledgementsService } from './acknowledgements.service';
import { BatchBodyPipe } from './batch-body.pipe';
import {
  AcknowledgementResultDto,
  MAX_SERIAL_NUMBERS,
  MAX_TRACKING_NUMBERS,
  OrderAcknowledgementDto,
} from './dto/acknowledgement.dto';
import { PurchaseOrderDto } from './dto/purchase-order.dto';
import {
  MAX_RECIPE_SET_PAGE_SIZE,
  OrderSearchDto,
  PageQueryDto,
  RecipeSetPageQueryDto,
} from './dto/search.dto';
import { ShipNotificationDto, UpdateResultDto, WorkflowStatusUpdateDto } from './dto/update.dto';
import { ACK_EXAMPLE, NOT_FOUND_404, CONFLICT_409 } from './orders.examples';
import { OrderQueriesService } from './order-queries.service';
import { OrderUpdatesService } from './order-updates.service';
import { SkuRefusals, TakesOrders, UpdateResponses } from './orders.decorators';

/** The Orders area of the spec (endpoints 1–9). */
@ApiTags('Orders')
@Authenticated()
@Controller('api')
export class OrdersController {
  constructor(
    private readonly acknowledgements: AcknowledgementsService,
    private readonly updates: OrderUpdatesService,
    private readonly queries: OrderQueriesService,
  ) {}

  @Post('order/acknowledgement')
  @HttpCode(200)
  @SkuRefusals()
  @Idempotent()
  @TakesOrders()
  @ApiOperation({
    operationId: 'acknowledgeOrder',
    summary: 'Acknowledge (submit) a purchase order',
    description:
      "Stores a purchase order for the calling client, with its line items and encrypted personal data, in one transaction: the named recipe sets move to Ordered and their print files become due. A purchase order number already submitted is 409, an unknown recipe set 404; nothing is stored then. The SKU of each line item is checked against the product of its recipe set under the SKU policy of the client (GET/PATCH /api/clients/{clientHandle}/order-settings): with `strict` (the default) a SKU the product does not list, or whose colour is not that of the design or whose size the product does not have, is 422 with every recipe set's status `success: false` (the message of the refused one names the SKU and the reason) and nothing stored; with `warn` the order is stored and the warning goes to the manifest of the print files, the specification PDF and an `order.warning` event. Products without SKUs are not checked. A quantity over MAX_LINE_ITEM_QUANTITY (default 10000) is 400 naming it. Numbers may be sent as strings, priority and proofStatus by name in any case, dates with any offset. Accepts an optional Idempotency-Key.",
  })
  @ApiBody({ type: OrderAcknowledgementDto, examples: { documented: { value: ACK_EXAMPLE } } })
  @ApiOkResponse({ type: AcknowledgementResultDto })
  @ApiTextError(400, 'Invalid body, naming the field.')
  @ApiTextError(
    404,
    'A referenced recipe set was not found (with a log link); nothing stored.',
    NOT_FOUND_404,
  )
  @ApiTextError(
    409,
    'The purchase order was already submitted (with a log link); nothing stored.',
    CONFLICT_409,
  )
  acknowledgeOrder(
    @CurrentActor() actor: Actor,
    @Body() body: OrderAcknowledgementDto,
  ): Promise<AcknowledgementResultDto> {
    return this.acknowledgements.acknowledge(actor, body, { requireAddresses: false });
  }

  @Post('order/acknowledgements')
  @HttpCode(200)
  @SkuRefusals({ batch: true })
  @Idempotent()
  @TakesOrders(
    'More orders than MAX_BATCH_ORDERS (default 1000), line items than MAX_REQUEST_LINE_ITEMS (default 10000) or distinct recipe sets than MAX_RECIPE_SETS_PER_REQUEST (default 10000), or a body over the size limit.',
  )
  @ApiOperation({
    operationId: 'acknowledgeOrders',
    summary: 'Acknowledge several purchase orders: all or none',
    description:
      'Stores several purchase orders in one transaction: all of them, or none when one fails (the error names that order; SKUs refused by the strict SKU policy are 422 with one result per order). At most MAX_BATCH_ORDERS (default 1000) orders and MAX_RECIPE_SETS_PER_REQUEST (default 10000) distinct recipe sets per request, 413 beyond. The answer lists one result per order, in request order. Accepts an optional Idempotency-Key.',
  })
  @ApiBody({
    schema: { type: 'array', minItems: 1, items: { $ref: getSchemaPath(OrderAcknowledgementDto) } },
    examples: { documented: { value: [ACK_EXAMPLE] } },
  })
  @ApiOkResponse({ type: [AcknowledgementResultDto], description: 'Every order was accepted.' })
  @ApiTextError(400, 'Invalid body, naming the order and field.')
  @ApiTextError(404, 'A referenced recipe set was not found, naming the order; nothing stored.')
  @ApiTextError(409, 'A purchase order was already submitted (or appears twice); nothing stored.')
  acknowledgeOrders(
    @CurrentActor() actor: Actor,
    @Body(BatchBodyPipe) body: OrderAcknowledgementDto[],
  ): Promise<AcknowledgementResultDto[]> {
    return this.acknowledgements.acknowledgeBatch(actor, body);
  }

  @Post('order')
  @HttpCode(200)
  @SkuRefusals()
  @Idempotent()
  @TakesOrders()
  @ApiOperation({
    operationId: 'submitOrder',
    summary: 'Submit a full order (both addresses required)',
    description:
      'The same as POST /api/order/acknowledgement, but customerAddress and shippingAddress are required with firstName, lastName, address1, city, state, postalCode and country (400 names the missing fields). Accepts an optional Idempotency-Key.',
  })
  @ApiBody({ type: OrderAcknowledgementDto })
  @ApiOkResponse({ type: AcknowledgementResultDto })
  @ApiTextError(400, 'Invalid body, or required address fields missing (all named).')
  @ApiTextError(404, 'A referenced recipe set was not found (with a log link); nothing stored.')
  @ApiTextError(409, 'The purchase order was already submitted (with a log link); nothing stored.')
  submitOrder(
    @CurrentActor() actor: Actor,
    @Body() body: OrderAcknowledgementDto,
  ): Promise<AcknowledgementResultDto> {
    return this.acknowledgements.acknowledge(actor, body, { requireAddresses: true });
  }

  @Post('order/ship-notification')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'shipNotification',
    summary: 'Attach shipment tracking to line items of an order',
    description: `Adds shipment tracking numbers (a string or an array of strings), the vendor and serial numbers to the named line items of an order. Tracking and serial numbers accumulate across notifications, up to ${MAX_TRACKING_NUMBERS} tracking and ${MAX_SERIAL_NUMBERS} serial numbers per line item (400 naming the field beyond, nothing changes). All or nothing: an unknown order or line item is 404 with an UpdateResult naming it, and nothing changes. Every change is appended to the line item's history.`,
  })
  @UpdateResponses()
  shipNotification(
    @CurrentActor() actor: Actor,
    @Body() body: ShipNotificationDto,
    @RequestId() requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.updates.shipNotification(actor, body, requestId);
  }

  @Post('order/status')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'postOrderStatus',
    summary: 'Update the workflow status of line items (same as PUT)',
    description: 'The same operation as PUT /api/order/status, for integrations that send POST.',
  })
  @UpdateResponses()
  postOrderStatus(
    @CurrentActor() actor: Actor,
    @Body() body: WorkflowStatusUpdateDto,
    @RequestId() requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.updates.updateStatus(actor, body, requestId);
  }

  @Put('order/status')
  @ApiOperation({
    operationId: 'putOrderStatus',
    summary: 'Update the workflow status of line items',
    description:
      "Sets the workflow status of the named line items (a recipe set may be named several times, e.g. once per sku; the last entry wins). The first move to an in-progress status records the order's production start. All or nothing: an unknown order or line item is 404 with an UpdateResult naming it. Every change is appended to the line item's history.",
  })
  @UpdateResponses()
  putOrderStatus(
    @CurrentActor() actor: Actor,
    @Body() body: WorkflowStatusUpdateDto,
    @RequestId() requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.updates.updateStatus(actor, body, requestId);
  }

  @Get('orders/client/:clientHandle/from-date/:fromDate/status/:status')
  @ApiOperation({
    operationId: 'listRecipeSetIds',
    summary: "Ids of a client's recipe sets in a status, modified on or after a date",
    description:
      "Readable ids (or UUIDs, with idType=Guid) of the client's recipe sets in the given status and modified on or after fromDate, in pages (X-Total-Count gives the total). The token must belong to the client named in the path.",
  })
  @ApiParam({
    name: 'fromDate',
    description: 'ISO 8601 date or date-time.',
    example: '2026-03-01',
    schema: {
      anyOf: [
        { type: 'string', format: 'date-time' },
        { type: 'string', format: 'date' },
      ],
    },
  })
  @ApiParam({ name: 'status', enum: RecipeStatus })
  @ApiOkResponse({ type: [String], description: 'Total count in X-Total-Count.' })
  @ApiResponseHeaders([200], 'X-Total-Count')
  @ApiTextError(400, 'Invalid date, status or idType.')
  @ApiTextError(403, "The path names another client's handle.")
  @ApiTextError(404, 'No such client.')
  async listRecipeSetIds(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('fromDate') fromDate: string,
    @Param('status') status: string,
    @Query() query: RecipeSetPageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string[]> {
    const page = await this.queries.listRecipeSets(actor, {
      clientHandle,
      fromDate,
      status,
      idType: query.idType,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? MAX_RECIPE_SET_PAGE_SIZE,
    });
    res.setHeader('X-Total-Count', String(page.total));
    return page.items;
  }

  @Get('order/order-number/:purchaseOrderNumber')
  @ApiOperation({
    operationId: 'getOrderByNumber',
    summary: 'Read a purchase order by its number',
    description:
      "The calling client's purchase order with its line items, shipment tracking and decrypted personal data. Another client's order number is 404.",
  })
  @ApiOkResponse({ type: PurchaseOrderDto })
  @ApiTextError(404, 'No such purchase order for this client.')
  getOrderByNumber(
    @CurrentActor() actor: Actor,
    @Param('purchaseOrderNumber') purchaseOrderNumber: string,
  ): Promise<PurchaseOrderDto> {
    return this.queries.getByNumber(actor, purchaseOrderNumber);
  }

  @Post('orders/search')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'searchOrders',
    summary: 'Orders modified in a date range with line items in given statuses',
    description:
      "The calling client's orders modified between lastModificationStartDate and lastModificationEndDate (default: now) with at least one line item in one of workflowStatuses, by last modification (oldest first), in pages of at most 500 (X-Total-Count gives the total). The range may span at most 31 days unless ignoreDateRestriction is true. The body is a top-level JSON array of PurchaseOrder.",
  })
  @ApiBody({
    type: OrderSearchDto,
    examples: {
      liveIntegration: {
        value: { lastModificationStartDate: '2026-03-30', workflowStatuses: ['not-started'] },
      },
    },
  })
  @ApiOkResponse({
    type: [PurchaseOrderDto],
    description: 'A top-level array, oldest change first; total count in X-Total-Count.',
  })
  @ApiResponseHeaders([200], 'X-Total-Count')
  @ApiTextError(400, 'Date range over 31 days, missing start date, or invalid body.')
  async searchOrders(
    @CurrentActor() actor: Actor,
    @Body() body: OrderSearchDto,
    @Query() paging: PageQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PurchaseOrderDto[]> {
    const page = await this.queries.search(actor, body, paging.page ?? 1, paging.pageSize ?? 500);
    res.setHeader('X-Total-Count', String(page.total));
    return page.items;
  }
}
