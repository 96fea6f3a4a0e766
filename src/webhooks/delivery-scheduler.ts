import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { JobQueue } from '../common/jobs/job-queue';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { NewAttempt, WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

/** Whether `endpoint` takes events of `type` (a ping only goes where it is sent). */
export function takes(endpoint: Pick<WebhookEndpointEntity, 'eventTypes'>, type: string): boolean {
  if (type === 'webhook.ping') return false;
  return endpoint.eventTypes === null || endpoint.eventTypes.includes(type);
}

/**
 * Creates delivery attempts and their jobs, in the open transaction: an attempt and its job exist
 * exactly when the event (or the redelivery) that caused them commits.
 */
@Injectable()
export class DeliveryScheduler {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /**
   * First attempts of `events` at every enabled endpoint of their client that takes their type,
   * or at `to` only (a ping, a replay, a redelivery: `to` must be the events' client's). Answers
   * the ids of the attempts created.
   */
  async fanOut(events: readonly EventEntity[], to?: WebhookEndpointEntity[]): Promise<string[]> {
    if (events.length === 0) return [];
    const endpoints =
      to ?? (await this.endpoints.enabledOf([...new Set(events.map((e) => e.clientId))]));
    if (endpoints.length === 0) return [];
    const now = this.clock.now();
    const rows: NewAttempt[] = [];
    for (const event of events)
      for (const endpoint of endpoints) {
        if (endpoint.clientId !== event.clientId) continue;
        if (!to && !takes(endpoint, event.type)) continue;
        rows.push({
          id: randomUUID(),
          endpointId: endpoint.id,
          eventId: event.id,
          eventPosition: event.position,
          orderingKey: event.orderingKey,
          eventType: event.type,
          attempt: 1,
          dueAt: now,
          createdAt: now,
        });
      }
    await this.attempts.insert(rows);
    await this.queue(rows.map((r) => ({ id: r.id, delaySeconds: 0 })));
    return rows.map((r) => r.id);
  }

  /**
   * The next attempt after a failed one, `delaySeconds` later. Only the event's fields are
   * copied: `previous` is the claimed attempt's row at run time, and its claim (`claimedUntil`)
   * must not hold the new attempt back.
   */
  async retry(
    previous: Omit<NewAttempt, 'id' | 'dueAt' | 'createdAt'>,
    delaySeconds: number,
  ): Promise<void> {
    const now = this.clock.now();
    const id = randomUUID();
    const { endpointId, eventId, eventPosition, orderingKey, eventType, attempt } = previous;
    await this.attempts.insert([
      {
        id,
        endpointId,
        eventId,
        eventPosition,
        orderingKey,
        eventType,
        attempt: attempt + 1,
        dueAt: new Date(now.getTime() + delaySeconds * 1000),
        createdAt: now,
      },
    ]);
    await this.queue([{ id, delaySeconds }]);
  }

  /**
   * Jobs for pending attempts (one waiting job per attempt: sending one twice is harmless). The
   * delay is rounded up to whole seconds (the queue's unit): a job never starts before its
   * attempt is due, and nothing else holds an attempt back until then.
   */
  async queue(attempts: { id: string; delaySeconds: number }[]): Promise<void> {
    await this.jobs.sendMany(
      'deliver-webhook',
      attempts.map((a) => ({
        data: { attemptId: a.id },
        singletonKey: a.id,
        delaySeconds: Math.ceil(a.delaySeconds),
      })),
    );
  }
}
