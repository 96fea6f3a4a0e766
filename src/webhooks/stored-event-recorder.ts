import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { EventRecorder, NewEvent, ORDER_EVENT_TYPES } from '../common/events/event-recorder';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { DeliveryScheduler } from './delivery-scheduler';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { EventLogRepository } from './event-log.repository';

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

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * The event log (an outbox): events are stored in the caller's transaction with their positions
 * and per-order sequences, and their first delivery attempts with them. Positions lock nothing;
 * a sequence locks its purchase order's counter until the commit (an order's updates hold the
 * order's row already).
 */
@Injectable()
export class StoredEventRecorder extends EventRecorder {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly log: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly clock: Clock,
  ) {
    super();
  }

  async record(events: readonly NewEvent[]): Promise<void> {
    await this.store(events);
  }

  /** A `webhook.ping` for one endpoint (it goes nowhere else): its event and attempt ids. */
  async ping(endpoint: WebhookEndpointEntity): Promise<{ eventId: string; attemptId: string }> {
    const { events, attemptIds } = await this.store(
      [{ clientId: endpoint.clientId, type: 'webhook.ping', data: { endpointId: endpoint.id } }],
      [endpoint],
    );
    return { eventId: events[0].publicId, attemptId: attemptIds[0] };
  }

  private async store(
    events: readonly NewEvent[],
    to?: WebhookEndpointEntity[],
  ): Promise<{ events: EventEntity[]; attemptIds: string[] }> {
    if (events.length === 0) return { events: [], attemptIds: [] };
    return this.uow.run(async () => {
      const now = this.clock.now();
      const byClient = groupBy(events, (e) => e.clientId);
      const clientIds = [...byClient.keys()].sort(); // one lock order for the sequences
      const handles = await this.log.handles(clientIds);
      const { txid, positions } = await this.log.takePositions(events.length);
      const rows: EventEntity[] = [];
      for (const clientId of clientIds) {
        const list = byClient.get(clientId)!;
        const perOrder = new Map<string, number>();
        for (const e of list)
          if (e.purchaseOrderNumber && ORDER_EVENT_TYPES.includes(e.type))
            perOrder.set(e.purchaseOrderNumber, (perOrder.get(e.purchaseOrderNumber) ?? 0) + 1);
        const last = await this.log.takeSequences(clientId, perOrder);
        const next = new Map([...perOrder].map(([po, n]) => [po, last.get(po)! - n]));
        for (const e of list) {
          const po = perOrder.has(e.purchaseOrderNumber ?? '') ? e.purchaseOrderNumber! : null;
          const sequence = po ? next.get(po)! + 1 : undefined;
          if (po) next.set(po, sequence!);
          const publicId = newEventId();
          rows.push({
            id: randomUUID(),
            publicId,
            clientId,
            position: positions[rows.length],
            txid,
            type: e.type,
            purchaseOrderNumber: po,
            orderingKey: po ? `po:${po}` : (e.orderingKey ?? null),
            envelope: {
              id: publicId,
              type: e.type,
              timestamp: now.toISOString(),
              data: {
                clientHandle: handles.get(clientId),
                ...(po ? { purchaseOrderNumber: po, sequence } : {}),
                ...e.data,
              },
            },
            createdAt: now,
          });
        }
      }
      await this.log.insert(rows);
      return { events: rows, attemptIds: await this.scheduler.fanOut(rows, to) };
    });
  }
}
