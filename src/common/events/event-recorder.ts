/**
 * The events partners receive (webhooks) and read (the event log). A feature records an event in
 * the unit of work that makes the change, through this port, so that the change and its event
 * commit together or not at all; the module that stores and delivers events (src/webhooks)
 * provides the implementation, and no feature module imports it.
 */
export const EVENT_TYPES = [
  'order.acknowledged',
  'order.warning',
  'order.line_item.status_changed',
  'order.shipment.recorded',
  'recipe_set.status_changed',
  'print_files.ready',
  'print_files.failed',
  'share.sent',
  'user.invitation.accepted',
  'webhook.ping',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Event types that belong to a purchase order: they carry its number and a per-order sequence. */
export const ORDER_EVENT_TYPES: readonly EventType[] = [
  'order.acknowledged',
  'order.warning',
  'order.line_item.status_changed',
  'order.shipment.recorded',
];

/** One event to record. */
export interface NewEvent {
  clientId: string;
  type: EventType;
  /** For order events: the purchase order, whose events are numbered and delivered in sequence. */
  purchaseOrderNumber?: string;
  /**
   * For other events whose order matters (a recipe set's statuses): the key whose events are
   * delivered in the order recorded. Order events use their purchase order.
   */
  orderingKey?: string;
  /** The event's data; `clientHandle`, `purchaseOrderNumber` and `sequence` are added. */
  data: Record<string, unknown>;
}

/** Records events in the open unit of work's transaction (or one of its own). */
export abstract class EventRecorder {
  abstract record(events: readonly NewEvent[]): Promise<void>;
}
