import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { OrderFiltersQueryDto, OrderListQueryDto } from './dto/order-list.dto';
import { OrderListPageDto, OrderStatusCountsDto } from './dto/order-summary.dto';
import { DEFAULT_ORDER_PAGE, MAX_ORDER_PAGE } from './order-list-query';
import { OrderListService } from './order-list.service';

const FILTERS =
  'Filters, all optional and combined with AND: orderedFrom/orderedTo (the order date) and modifiedFrom/modifiedTo (the last modification), inclusive, each start not after its end; purchaseOrderNumber (a prefix, case-sensitive); recipeSet (a line item on it); shipped (a tracking number recorded, or none). A parameter given empty is as if absent.';

const BAD_QUERY_400 =
  'Invalid request: status "shipped" is not a workflow status: one of not-started, user-proof-requested, in-progress, in-progress-step-1, completed, revision, on-hold, approved, released, delivered, cancelled.';

/** The admin console's orders list (the public API, as partners call it too). */
@ApiTags('Orders')
@Authenticated()
@Controller('api/orders')
export class OrderListController {
  constructor(private readonly list: OrderListService) {}

  @Get()
  @ApiOperation({
    operationId: 'listOrders',
    summary: "The client's orders as summaries, newest first, a page at a time",
    description: `The calling client's orders (never another client's, whatever the token's role), each as a summary: purchaseOrderNumber, orderDateTime, lastModification, the workflow statuses of its line items, how many line items and how many pieces, whether it has shipped, and its recipe sets. No personal data: read one order whole with GET /api/order/order-number/{purchaseOrderNumber}. ${FILTERS} status: orders with at least one line item in one of the statuses. sort: -orderDate (the default), orderDate, -lastModified, lastModified, purchaseOrderNumber or -purchaseOrderNumber. Pages of limit orders (default ${DEFAULT_ORDER_PAGE}, at most ${MAX_ORDER_PAGE}); nextCursor, while not null, is the cursor of the next page, to send with the same sort and filters: a page starts right after the last order of the one before, so no order is skipped or repeated while others are added or change (an order whose own sort key changes between two pages is listed at its new place). An invalid parameter is 400 naming it and its value; so is a cursor of another sort or other filters (\`cursor does not match…\`).`,
  })
  @ApiOkResponse({ type: OrderListPageDto })
  @ApiTextError(
    400,
    'An invalid parameter (naming it and the value), a range whose start is after its end, limit outside 1 to 100, or a cursor that is not one of this list or does not match the sort and filters.',
    BAD_QUERY_400,
  )
  listOrders(
    @CurrentActor() actor: Actor,
    @Query() query: OrderListQueryDto,
  ): Promise<OrderListPageDto> {
    return this.list.list(actor, query);
  }

  @Get('status-counts')
  @ApiOperation({
    operationId: 'countOrdersByStatus',
    summary: "How many of the client's orders have a line item in each workflow status",
    description: `For the calling client's orders that match the filters (those of GET /api/orders but status, sort, limit and cursor), the number with at least one line item in each workflow status, every status listed (0 for none), and total, the number of matching orders. An order with line items in several statuses counts under each of them, so the counts may add up to more than total; an order counts once under a status however many of its line items are in it. ${FILTERS}`,
  })
  @ApiOkResponse({ type: OrderStatusCountsDto })
  @ApiTextError(
    400,
    'An invalid filter (naming it and the value), or a range whose start is after its end.',
    'Invalid request: orderedFrom 2026-04-01T00:00:00.000Z is after orderedTo 2026-03-01T00:00:00.000Z.',
  )
  countOrdersByStatus(
    @CurrentActor() actor: Actor,
    @Query() query: OrderFiltersQueryDto,
  ): Promise<OrderStatusCountsDto> {
    return this.list.statusCounts(actor, query);
  }
}
