import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { OrderFiltersQueryDto, OrderListQueryDto } from './dto/order-list.dto';
import { OrderListPageDto, OrderStatusCountsDto, OrderSummaryDto } from './dto/order-summary.dto';
import { decodeCursor, encodeCursor } from './order-list-cursor';
import {
  DEFAULT_ORDER_PAGE,
  DEFAULT_ORDER_SORT,
  inWorkflowOrder,
  OrderFilters,
  OrderListFilters,
} from './order-list-query';
import { OrderListRepository, OrderSummaryRow } from './order-list.repository';
import { RangeReversed } from './orders.errors';
import { WORKFLOW_STATUSES } from './order.enums';

/** The filters of a validated query; a range whose start is after its end is a 400 naming both. */
function filtersOf(q: OrderFiltersQueryDto): OrderFilters {
  for (const [from, to] of [
    ['orderedFrom', 'orderedTo'],
    ['modifiedFrom', 'modifiedTo'],
  ] as const) {
    const start = q[from];
    const end = q[to];
    if (start && end && start > end)
      throw new RangeReversed({ name: from, value: start }, { name: to, value: end });
  }
  return {
    orderedFrom: q.orderedFrom,
    orderedTo: q.orderedTo,
    modifiedFrom: q.modifiedFrom,
    modifiedTo: q.modifiedTo,
    purchaseOrderNumber: q.purchaseOrderNumber || undefined,
    recipeSet: q.recipeSet,
    shipped: q.shipped,
  };
}

function toSummary(row: OrderSummaryRow): OrderSummaryDto {
  return {
    purchaseOrderNumber: row.purchaseOrderNumber,
    orderDateTime: row.orderDate.toISOString(),
    lastModification: row.lastModifiedAt.toISOString(),
    workflowStatuses: inWorkflowOrder(row.workflowStatuses),
    lineItemCount: row.lineItemCount,
    totalQuantity: row.totalQuantity,
    shipped: row.shipped,
    recipeSetIds: row.recipeSetIds,
  };
}

/**
 * The console's list of the calling client's orders (keyset pages of summaries) and its counts
 * per workflow status. Only the actor's client is ever read, whatever its role, as the other
 * order reads.
 */
@Injectable()
export class OrderListService {
  constructor(private readonly orders: OrderListRepository) {}

  async list(actor: Actor, q: OrderListQueryDto): Promise<OrderListPageDto> {
    const filters: OrderListFilters = {
      ...filtersOf(q),
      statuses: inWorkflowOrder(q.status ?? []),
    };
    const sort = q.sort ?? DEFAULT_ORDER_SORT;
    const limit = q.limit ?? DEFAULT_ORDER_PAGE;
    const after = q.cursor ? decodeCursor(q.cursor, sort, filters) : undefined;
    // One more than the page: whether there is a next one, in the same statement.
    const rows = await this.orders.page(actor.clientId, { filters, sort, after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toSummary),
      nextCursor:
        rows.length > limit
          ? encodeCursor(sort, filters, { key: last.sortKey, id: last.id })
          : null,
    };
  }

  async statusCounts(actor: Actor, q: OrderFiltersQueryDto): Promise<OrderStatusCountsDto> {
    const { total, counts } = await this.orders.statusCounts(actor.clientId, filtersOf(q));
    return {
      counts: Object.fromEntries(WORKFLOW_STATUSES.map((s) => [s, counts[s] ?? 0])),
      total,
    };
  }
}
