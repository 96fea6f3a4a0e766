import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { EventRecorder, NewEvent } from '../common/events/event-recorder';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { parseRecipeSetRef, RecipeSetsService, RecipeStatus } from '../recipe-sets';
import { MAX_SERIAL_NUMBERS, MAX_TRACKING_NUMBERS } from './dto/acknowledgement.dto';
import { ShipNotificationDto, UpdateResultDto, WorkflowStatusUpdateDto } from './dto/update.dto';
import { LineItemHistoryEntity } from './entities/line-item-history.entity';
import { OrderLineItemEntity } from './entities/order-line-item.entity';
import { isInProgress, RECIPE_STATUS_OF_WORKFLOW, WorkflowStatus } from './order.enums';
import { LineItemListFull, UpdateRejected } from './orders.errors';
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

/** What `union` appended to `before` to give `after`; null when nothing. */
function appended(before: string[] | null, after: string[] | null): string[] | null {
  const added = (after ?? []).slice((before ?? []).length);
  return added.length ? added : null;
}

/** The lists a ship notification adds to, with the most each line item may carry. */
const SHIPMENT_LISTS = [
  { key: 'shipmentTracking', what: 'tracking numbers', max: MAX_TRACKING_NUMBERS },
  { key: 'serialNumbers', what: 'serial numbers', max: MAX_SERIAL_NUMBERS },
] as const;

/**
 * The events of one line item's update: its status when it changed, its shipment when the
 * notification added to it (a repeated notification adds nothing and records nothing).
 */
function lineEvents(
  clientId: string,
  purchaseOrderNumber: string,
  line: LineItemRow,
  {
    change,
    history,
  }: {
    change: LineChange;
    history: {
      shipmentTracking: string[] | null;
      shipmentVendor: string | null;
      serialNumbers: string[] | null;
    };
  },
): NewEvent[] {
  const about = {
    recipeSetReadableId: line.recipeSetReadableId,
    lineItemId: line.id,
    externalLineItemId: line.externalLineItemId,
  };
  if (change.workflowStatus !== undefined) {
    if (change.workflowStatus === line.workflowStatus) return [];
    return [
      {
        clientId,
        type: 'order.line_item.status_changed',
        purchaseOrderNumber,
        data: { ...about, status: change.workflowStatus, previousStatus: line.workflowStatus },
      },
    ];
  }
  if (!history.shipmentTracking && !history.shipmentVendor && !history.serialNumbers) return [];
  return [
    {
      clientId,
      type: 'order.shipment.recorded',
      purchaseOrderNumber,
      data: {
        ...about,
        shipmentVendor: change.shipmentVendor ?? line.shipmentVendor,
        shipmentTracking: history.shipmentTracking ?? [],
        serialNumbersAdded: history.serialNumbers?.length ?? 0,
      },
    },
  ];
}

/**
 * Ship notifications and workflow-status updates (docs/design.md §6): all-or-nothing, the order
 * locked for the duration, every change appended to the line item's history. A missing order or
 * line item is UpdateRejected.
 */
@Injectable()
export class OrderUpdatesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: OrdersRepository,
    private readonly recipeSets: RecipeSetsService,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
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
        const change: LineChange = {};
        for (const { key, what, max } of SHIPMENT_LISTS) {
          const before = line[key];
          let list = before;
          let crossing: (typeof entries)[number] | undefined;
          for (const e of entries) {
            list = union(list, e[key]);
            if (!crossing && (list?.length ?? 0) > max) crossing = e;
          }
          // Lists stored before the cap existed may be longer; they only may not grow.
          if (crossing && list!.length > (before?.length ?? 0)) {
            throw new LineItemListFull({
              field: `lineItems[${dto.lineItems.indexOf(crossing)}].${key}`,
              what,
              purchaseOrderNumber: dto.purchaseOrderNumber,
              recipeSetReadableId: line.recipeSetReadableId,
              count: list!.length,
              max,
            });
          }
          change[key] = list;
        }
        for (const e of entries) if (e.shipmentVendor) change.shipmentVendor = e.shipmentVendor;
        const vendor = change.shipmentVendor;
        return {
          change,
          // The history records what changed, not the whole lists again: the numbers this
          // notification added, and the vendor when it is a new one.
          history: {
            change: 'shipment',
            workflowStatus: null,
            shipmentTracking: appended(line.shipmentTracking, change.shipmentTracking ?? null),
            shipmentVendor: vendor !== undefined && vendor !== line.shipmentVendor ? vendor : null,
            serialNumbers: appended(line.serialNumbers, change.serialNumbers ?? null),
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
      // The recipe sets follow their lines' workflow (the last line updated wins for a shared one).
      const moves = new Map<RecipeStatus, string[]>();
      for (const a of applied) {
        const status =
          a.change.workflowStatus && RECIPE_STATUS_OF_WORKFLOW[a.change.workflowStatus];
        if (status) moves.set(status, [...(moves.get(status) ?? []), a.line.recipeSetId]);
      }
      for (const [status, ids] of moves) await this.recipeSets.setStatus(ids, status, now);
      await this.orders.appendHistory(
        applied.map((a) => ({ lineItemId: a.line.id, orderId: order.id, ...a.history })),
      );
      const startsProduction = applied.some(
        (a) => a.change.workflowStatus && isInProgress(a.change.workflowStatus),
      );
      await this.orders.touchOrder(order.id, startsProduction, now);
      await this.events.record(
        applied.flatMap((a) => lineEvents(actor.clientId, purchaseOrderNumber, a.line, a)),
      );
      return {
        purchaseOrderNumber,
        status: 'OK',
        details: `${done} for recipeSetReadableId(s): ${named.join(', ')}.`,
      };
    });
  }
}
