import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { parseRecipeSetRef } from '../recipesets';
import { ShipNotificationDto, UpdateResultDto, WorkflowStatusUpdateDto } from './dto/update.dto';
import { LineItemHistoryEntity } from './entities/line-item-history.entity';
import { OrderLineItemEntity } from './entities/order-line-item.entity';
import { isInProgress, WorkflowStatus } from './order.enums';
import { UpdateRejected } from './orders.errors';
import { LineItemRow, OrdersRepository } from './orders.repository';

type LineChange = Partial<
  Pick<
    OrderLineItemEntity,
    'workflowStatus' | 'shipmentTracking' | 'shipmentVendor' | 'serialNumbers'
  >
>;

/** Appends to a list, keeping the first occurrence of each value. */
function union(existing: string[] | null, added: string[] | null | undefined): string[] | null {
  const merged = [...new Set([...(existing ?? []), ...(added ?? [])])];
  return merged.length ? merged : null;
}

/**
 * Ship notifications and workflow-status updates (DESIGN §6): all-or-nothing, the order locked
 * for the duration, every change appended to the line item's history. A missing order or line
 * item is UpdateRejected.
 */
@Injectable()
export class OrderUpdatesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrdersRepository,
    private readonly clock: Clock,
  ) {}

  shipNotification(
    actor: Actor,
    dto: ShipNotificationDto,
    requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.update(
      actor,
      dto.purchaseOrderNumber,
      dto.lineItems,
      'Updated tracking number',
      (entries, line) => {
        let change: LineChange = {};
        let tracking = line.shipmentTracking;
        let serials = line.serialNumbers;
        for (const e of entries) {
          tracking = union(tracking, e.shipmentTracking);
          serials = union(serials, e.serialNumbers);
          if (e.shipmentVendor) change = { ...change, shipmentVendor: e.shipmentVendor };
        }
        change = { ...change, shipmentTracking: tracking, serialNumbers: serials };
        return {
          change,
          history: {
            change: 'shipment',
            workflowStatus: null,
            shipmentTracking: tracking,
            shipmentVendor: change.shipmentVendor ?? line.shipmentVendor,
            serialNumbers: serials,
            requestId,
          },
        };
      },
    );
  }

  updateStatus(
    actor: Actor,
    dto: WorkflowStatusUpdateDto,
    requestId: string | null,
  ): Promise<UpdateResultDto> {
    return this.update(
      actor,
      dto.purchaseOrderNumber,
      dto.lineItems,
      'Updated workflow status',
      (entries) => {
        const workflowStatus = entries[entries.length - 1].workflowStatus;
        return {
          change: { workflowStatus },
          history: {
            change: 'status',
            workflowStatus,
            shipmentTracking: null,
            shipmentVendor: null,
            serialNumbers: null,
            requestId,
          },
        };
      },
    );
  }

  private update<E extends { recipeSetReadableId: string; workflowStatus?: WorkflowStatus }>(
    actor: Actor,
    purchaseOrderNumber: string,
    entries: E[],
    done: string,
    apply: (
      entries: E[],
      line: LineItemRow,
    ) => {
      change: LineChange;
      history: Omit<LineItemHistoryEntity, 'id' | 'changedAt' | 'lineItemId' | 'orderId'>;
    },
  ): Promise<UpdateResultDto> {
    return this.uow.run(async () => {
      const order = await this.orders.lockByNumber(actor.clientId, purchaseOrderNumber);
      if (!order)
        throw new UpdateRejected(
          purchaseOrderNumber,
          `Purchase order ${purchaseOrderNumber} was not found.`,
        );
      const lines = await this.orders.lineItems([order.id]);

      // Group the request's entries by the line items they name; a recipe set may be named many times.
      const byLine = new Map<number, { line: LineItemRow; entries: E[] }>();
      const missing: string[] = [];
      const named: string[] = [];
      for (const entry of entries) {
        const ref = parseRecipeSetRef(entry.recipeSetReadableId);
        const matches = ref
          ? lines.filter((l) =>
              ref.kind === 'readable'
                ? l.recipeSetReadableId === ref.value
                : l.recipeSetId === ref.value,
            )
          : [];
        if (matches.length === 0) {
          if (!missing.includes(entry.recipeSetReadableId)) missing.push(entry.recipeSetReadableId);
          continue;
        }
        for (const line of matches) {
          const group = byLine.get(line.id) ?? { line, entries: [] };
          group.entries.push(entry);
          byLine.set(line.id, group);
          if (!named.includes(line.recipeSetReadableId)) named.push(line.recipeSetReadableId);
        }
      }
      if (missing.length > 0) {
        throw new UpdateRejected(
          purchaseOrderNumber,
          `No line item of purchase order ${purchaseOrderNumber} for recipeSetReadableId(s): ${missing.join(', ')}. Nothing was updated.`,
        );
      }

      const applied = [...byLine.values()].map(({ line, entries: es }) => ({
        line,
        ...apply(es, line),
      }));
      const now = this.clock.now();
      await this.orders.updateLineItems(
        now,
        applied.map((a) => ({ id: a.line.id, set: a.change })),
      );
      await this.orders.appendHistory(
        applied.map((a) => ({ lineItemId: a.line.id, orderId: order.id, ...a.history })),
      );
      const startsProduction = applied.some(
        (a) => a.change.workflowStatus && isInProgress(a.change.workflowStatus),
      );
      await this.orders.touchOrder(order.id, startsProduction, now);
      return {
        purchaseOrderNumber,
        status: 'OK',
        details: `${done} for recipeSetReadableId(s): ${named.join(', ')}.`,
      };
    });
  }
}
