import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { LineItemHistoryEntity } from './entities/line-item-history.entity';
import { OrderLineItemEntity } from './entities/order-line-item.entity';
import { PrintFileRequestEntity } from './entities/print-file-request.entity';
import { PurchaseOrderEntity } from './entities/purchase-order.entity';
import { WorkflowStatus } from './order.enums';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const INSERT_CHUNK = 1000;

/** A line item with the readable id of its recipe set. */
export type LineItemRow = OrderLineItemEntity & { recipeSetReadableId: string };

export type NewOrder = Omit<
  PurchaseOrderEntity,
  'createdAt' | 'lastModifiedAt' | 'lineItems' | 'client'
>;
export type NewLineItem = Omit<
  OrderLineItemEntity,
  'id' | 'lastModifiedAt' | 'order' | 'recipeSet'
>;
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

/** Intent-named queries over orders, their line items, history and print-file requests. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async existingNumbers(
    manager: EntityManager,
    clientId: string,
    numbers: string[],
  ): Promise<string[]> {
    const rows = await manager.find(PurchaseOrderEntity, {
      where: { clientId, purchaseOrderNumber: In(numbers) },
      select: { purchaseOrderNumber: true },
    });
    return rows.map((r) => r.purchaseOrderNumber);
  }

  async insertOrders(
    manager: EntityManager,
    orders: NewOrder[],
    lines: NewLineItem[],
    printRequests: NewPrintFileRequest[],
  ): Promise<void> {
    for (let i = 0; i < orders.length; i += INSERT_CHUNK) {
      await manager.insert(PurchaseOrderEntity, orders.slice(i, i + INSERT_CHUNK));
    }
    for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
      await manager.insert(OrderLineItemEntity, lines.slice(i, i + INSERT_CHUNK));
    }
    for (let i = 0; i < printRequests.length; i += INSERT_CHUNK) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(PrintFileRequestEntity)
        .values(printRequests.slice(i, i + INSERT_CHUNK))
        .orIgnore()
        .execute();
    }
  }

  getByNumber(
    clientId: string,
    purchaseOrderNumber: string,
    manager?: EntityManager,
  ): Promise<PurchaseOrderEntity | null> {
    return this.m(manager).findOneBy(PurchaseOrderEntity, { clientId, purchaseOrderNumber });
  }

  /** The order, locked for update until the transaction ends. */
  lockByNumber(
    manager: EntityManager,
    clientId: string,
    purchaseOrderNumber: string,
  ): Promise<PurchaseOrderEntity | null> {
    return manager.findOne(PurchaseOrderEntity, {
      where: { clientId, purchaseOrderNumber },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Line items of these orders, in order, each with its recipe set's readable id. */
  async lineItems(orderIds: string[], manager?: EntityManager): Promise<LineItemRow[]> {
    if (orderIds.length === 0) return [];
    const { entities, raw } = await this.m(manager)
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
    manager: EntityManager,
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
      await manager.update(
        OrderLineItemEntity,
        { id: change.id },
        { ...change.set, lastModifiedAt: () => 'now()' },
      );
    }
  }

  async appendHistory(
    manager: EntityManager,
    entries: Omit<LineItemHistoryEntity, 'id' | 'changedAt'>[],
  ): Promise<void> {
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      await manager.insert(LineItemHistoryEntity, entries.slice(i, i + INSERT_CHUNK));
    }
  }

  async touchOrder(
    manager: EntityManager,
    orderId: string,
    startProduction: boolean,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(PurchaseOrderEntity)
      .set({
        lastModifiedAt: () => 'now()',
        ...(startProduction
          ? { productionStartAt: () => 'COALESCE(production_start_at, now())' }
          : {}),
        workflowStatuses: () =>
          'ARRAY(SELECT DISTINCT li.workflow_status FROM order_line_item li WHERE li.order_id = purchase_order.id ORDER BY 1)',
      })
      .where({ id: orderId })
      .execute();
  }

  /** Orders modified in [from, to] with a line item in one of `statuses` (all when empty), oldest change first. */
  async search(
    clientId: string,
    c: SearchCriteria,
  ): Promise<{ orders: PurchaseOrderEntity[]; total: number }> {
    const qb = this.dataSource.manager
      .createQueryBuilder(PurchaseOrderEntity, 'o')
      .where('o.client_id = :clientId', { clientId })
      .andWhere('o.last_modified_at <= :to', { to: c.to });
    if (c.from) qb.andWhere('o.last_modified_at >= :from', { from: c.from });
    if (c.statuses.length > 0) {
      qb.andWhere('o.workflow_statuses && CAST(:statuses AS varchar[])', { statuses: c.statuses });
    }
    // COUNT(*) rather than TypeORM's COUNT(DISTINCT id): it stays an index-only scan.
    const counted = await qb.clone().select('COUNT(*)', 'n').getRawOne<{ n: string }>();
    const orders = await qb
      .orderBy('o.last_modified_at', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .offset(c.offset)
      .limit(c.limit)
      .getMany();
    return { orders, total: Number(counted?.n ?? 0) };
  }
}
