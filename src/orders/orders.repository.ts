import { Injectable } from '@nestjs/common';
import { insertRows } from '../common/persistence/bulk-insert';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { recipeSetReadableIdOf } from '../recipe-sets';
import { LineItemHistoryEntity } from './entities/line-item-history.entity';
import { OrderLineItemEntity } from './entities/order-line-item.entity';
import { PrintFileRequestEntity } from './entities/print-file-request.entity';
import { PurchaseOrderEntity } from './entities/purchase-order.entity';
import { WorkflowStatus } from './order.enums';

/** A line item with the readable id of its recipe set. */
export type LineItemRow = OrderLineItemEntity & { recipeSetReadableId: string };

export type NewOrder = Omit<PurchaseOrderEntity, 'createdAt' | 'lineItems' | 'client'>;
export type NewLineItem = Omit<OrderLineItemEntity, 'id' | 'order' | 'recipeSet'>;
export type NewPrintFileRequest = Pick<
  PrintFileRequestEntity,
  'clientId' | 'orderId' | 'recipeSetId' | 'priority'
>;

export interface SearchCriteria {
  from: Date | undefined;
  to: Date;
  statuses: WorkflowStatus[];
  offset: number;
  limit: number;
}

/**
 * Intent-named queries over orders, their line items, history and print-file requests. Inside a
 * unit of work they run in its transaction.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insertOrders(
    orders: NewOrder[],
    lines: NewLineItem[],
    printRequests: NewPrintFileRequest[],
  ): Promise<void> {
    await insertRows(
      this.uow.manager,
      { target: PurchaseOrderEntity, rows: orders },
      { target: OrderLineItemEntity, rows: lines },
      { target: PrintFileRequestEntity, rows: printRequests, orIgnore: true },
    );
  }

  /**
   * The readable ids of the recipe sets the order's line items name, in line order, each once;
   * undefined when the client has no such order.
   */
  async recipeSetReadableIds(
    clientId: string,
    purchaseOrderNumber: string,
  ): Promise<string[] | undefined> {
    const rows = await this.uow.manager.query<{ readableId: string | null }[]>(
      `SELECT ${recipeSetReadableIdOf('li.recipe_set_id')} AS "readableId"
         FROM purchase_order o
         LEFT JOIN order_line_item li ON li.order_id = o.id
        WHERE o.client_id = $1 AND o.purchase_order_number = $2
        ORDER BY li.position`,
      [clientId, purchaseOrderNumber],
    );
    if (rows.length === 0) return undefined;
    return [...new Set(rows.flatMap((r) => (r.readableId ? [r.readableId] : [])))];
  }

  /** The order, locked for update until the transaction ends. */
  lockByNumber(clientId: string, purchaseOrderNumber: string): Promise<PurchaseOrderEntity | null> {
    return this.uow.manager.findOne(PurchaseOrderEntity, {
      where: { clientId, purchaseOrderNumber },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Line items of these orders, in order, each with its recipe set's readable id. */
  async lineItems(orderIds: string[]): Promise<LineItemRow[]> {
    if (orderIds.length === 0) return [];
    const { entities, raw } = await this.uow.manager
      .createQueryBuilder(OrderLineItemEntity, 'li')
      .innerJoin('li.recipeSet', 'rs')
      .addSelect('rs.readable_id', 'recipe_set_readable_id')
      .where('li.order_id IN (:...orderIds)', { orderIds })
      .orderBy('li.order_id')
      .addOrderBy('li.position')
      .getRawAndEntities<{ li_id: number; recipe_set_readable_id: string }>();
    const readable = new Map(raw.map((r) => [Number(r.li_id), r.recipe_set_readable_id]));
    return entities.map((e) => Object.assign(e, { recipeSetReadableId: readable.get(e.id) ?? '' }));
  }

  async updateLineItems(
    at: Date,
    changes: {
      id: number;
      set: Partial<
        Pick<
          OrderLineItemEntity,
          'workflowStatus' | 'shipmentTracking' | 'shipmentVendor' | 'serialNumbers'
        >
      >;
    }[],
  ): Promise<void> {
    for (const change of changes) {
      await this.uow.manager.update(
        OrderLineItemEntity,
        { id: change.id },
        { ...change.set, lastModifiedAt: at },
      );
    }
  }

  async appendHistory(entries: Omit<LineItemHistoryEntity, 'id' | 'changedAt'>[]): Promise<void> {
    await insertRows(this.uow.manager, { target: LineItemHistoryEntity, rows: entries });
  }

  /** Records a change of the order's line items at `at`. */
  async touchOrder(orderId: string, startProduction: boolean, at: Date): Promise<void> {
    await this.uow.manager
      .createQueryBuilder()
      .update(PurchaseOrderEntity)
      .set({
        lastModifiedAt: at,
        ...(startProduction
          ? { productionStartAt: () => 'COALESCE(production_start_at, :at)' }
          : {}),
        workflowStatuses: () =>
          'ARRAY(SELECT DISTINCT li.workflow_status FROM order_line_item li WHERE li.order_id = purchase_order.id ORDER BY 1)',
      })
      .where({ id: orderId })
      .setParameter('at', at)
      .execute();
  }
}
