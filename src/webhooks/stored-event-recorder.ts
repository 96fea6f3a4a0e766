import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { EventRecorder, NewEvent, ORDER_EVENT_TYPES } from '../common/events/event-recorder';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { DeliveryScheduler, FannedEvent } from './delivery-scheduler';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { EventLogRepository } from './event-log.repository';
import { WebhookRequestLimits } from './webhook-request-limits';

/** The event as delivered and listed: its envelope, keys in the documented order. */
export function envelopeOf(event: Pick<EventEntity, 'envelope'>): EventEnvelope {
  // jsonb keeps keys in its own order: put the envelope's back in the documented one.
  const { id, type, timestamp, data } = event.envelope as unknown as EventEnvelope;
  return { id, type, timestamp, data };
}

export interface EventEnvelope {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** A new envelope id: `evt_` and 128 random bits. */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString('base64url')}`;
}

/** The unit of work's batch of recorded events. */
const RECORDED_EVENTS = Symbol('recorded events');

/** Client handles kept in memory (a handle never changes); past this many, the map starts again. */
const HANDLE_CACHE_SIZE = 10_000;

/**
 * The event log (an outbox): events are stored in the caller's transaction with their positions
 * and per-order sequences, in one statement, and listed for the relay that fans them out to the
 * client's endpoints after the commit (EventRelay), so that recording an event costs the
 * transaction one statement whatever the endpoints. A sequence locks its purchase order's counter
 * until the commit (an order's updates hold the order's row already).
 */
@Injectable()
export class StoredEventRecorder extends EventRecorder {
  private readonly handles = new Map<string, string>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly log: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly limits: WebhookRequestLimits,
    private readonly clock: Clock,
  ) {
    super();
  }

  /**
   * Adds the events to the unit of work's batch: every event it records is stored in one
   * statement right before it commits (in the order recorded), whatever the steps that record
   * them (an acknowledgement records its recipe sets' status changes, then the order's event).
   */
  async record(events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    // In the caller's unit of work (or one of its own, which then commits the events at once).
    await this.uow.run((tx) => {
      tx.batch(RECORDED_EVENTS, events, async (all) => {
        await this.store(all, true);
        this.scheduler.relaySoon();
      });
      return Promise.resolve();
    });
  }

  /**
   * A `webhook.ping` for one endpoint (it goes nowhere else): its event and attempt ids. Within
   * the client's pings per minute and queue (WebhookRequestLimits), else 429.
   */
  async ping(endpoint: WebhookEndpointEntity): Promise<{ eventId: string; attemptId: string }> {
    await this.limits.ping(endpoint.clientId);
    return this.uow.run(async () => {
      const [event] = await this.store(
        [{ clientId: endpoint.clientId, type: 'webhook.ping', data: { endpointId: endpoint.id } }],
        false,
      );
      const [attemptId] = await this.scheduler.fanOut([event], [endpoint]);
      return { eventId: event.publicId, attemptId };
    });
  }

  private async store(
    events: readonly NewEvent[],
    fanOut: boolean,
  ): Promise<(FannedEvent & { publicId: string })[]> {
    const now = this.clock.now();
    const handles = await this.handlesOf([...new Set(events.map((e) => e.clientId))]);
    // How many events of the same order follow each one here: its sequence is the order's
    // last one taken by this write, minus that.
    const later: number[] = new Array<number>(events.length);
    const seen = new Map<string, number>();
    for (let i = events.length - 1; i >= 0; i -= 1) {
      const po = orderOf(events[i]);
      const key = `${events[i].clientId}\u0000${po}`;
      later[i] = po ? (seen.get(key) ?? 0) : 0;
      if (po) seen.set(key, later[i] + 1);
    }
    const rows = events.map((e, i) => {
      const po = orderOf(e);
      const publicId = newEventId();
      return {
        id: randomUUID(),
        publicId,
        clientId: e.clientId,
        type: e.type,
        purchaseOrderNumber: po,
        orderingKey: po ? `po:${po}` : (e.orderingKey ?? null),
        envelope: {
          id: publicId,
          type: e.type,
          timestamp: now.toISOString(),
          data: {
            clientHandle: handles.get(e.clientId),
            ...(po ? { purchaseOrderNumber: po } : {}),
            ...e.data,
          },
        },
        later: po ? later[i] : null,
      };
    });
    const positions = await this.log.append(rows, fanOut, now);
    return rows.map((r, i) => ({ ...r, position: positions[i] }));
  }

  private async handlesOf(clientIds: string[]): Promise<Map<string, string>> {
    const missing = clientIds.filter((id) => !this.handles.has(id));
    if (missing.length > 0) {
      if (this.handles.size + missing.length > HANDLE_CACHE_SIZE) this.handles.clear();
      for (const [id, handle] of await this.log.handles(missing)) this.handles.set(id, handle);
    }
    return this.handles;
  }
}

/** The purchase order an event is numbered in, if it is an order event. */
function orderOf(e: NewEvent): string | null {
  return e.purchaseOrderNumber && ORDER_EVENT_TYPES.includes(e.type) ? e.purchaseOrderNumber : null;
}
