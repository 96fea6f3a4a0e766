import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { JobQueue } from '../common/jobs/job-queue';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { NewAttempt, WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookWakeups } from './webhook-wakeups';

/** Whether `endpoint` takes events of `type` (a ping only goes where it is sent). */
export function takes(endpoint: Pick<WebhookEndpointEntity, 'eventTypes'>, type: string): boolean {
  if (type === 'webhook.ping') return false;
  return endpoint.eventTypes === null || endpoint.eventTypes.includes(type);
}

/** What an attempt needs of its event. */
export type FannedEvent = Pick<
  EventEntity,
  'id' | 'clientId' | 'type' | 'position' | 'orderingKey'
>;

/**
 * Creates delivery attempts in the open transaction, and wakes the delivery loop when they are
 * due: at once in this process after the commit (if it runs workers), and in any process through
 * a `deliver-webhook` job sent in the same transaction (delayed for a retry). An attempt and what
 * wakes it exist exactly when the transaction that created them commits; every worker process's
 * loop also looks for due attempts every second.
 */
@Injectable()
export class DeliveryScheduler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly jobs: JobQueue,
    private readonly wakeups: WebhookWakeups,
    private readonly clock: Clock,
  ) {}

  /**
   * First attempts of `events` at every enabled endpoint of their client that takes their type,
   * or at `to` only (a ping, a replay, a redelivery: `to` must be the events' client's). Answers
   * the ids of the attempts created. `wake: 'here'` wakes only this process's delivery loop (the
   * relay's, which runs where workers run; other processes' loops find the attempts by polling).
   */
  async fanOut(
    events: readonly FannedEvent[],
    to?: WebhookEndpointEntity[],
    wake: 'here' | 'everywhere' = 'everywhere',
  ): Promise<string[]> {
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
    if (rows.length === 0) return [];
    await this.attempts.insert(rows);
    if (wake === 'here') this.uow.afterCommitOrNow(() => this.wakeups.deliver());
    else await this.wake(0);
    return rows.map((r) => r.id);
  }

  /**
   * The next attempt after a failed one, `delaySeconds` later. Only the event's fields are
   * copied: `previous` is the claimed attempt as it was, and its claim must not hold the new
   * attempt back.
   */
  async retry(
    previous: Omit<NewAttempt, 'id' | 'dueAt' | 'createdAt'>,
    delaySeconds: number,
  ): Promise<void> {
    const now = this.clock.now();
    const { endpointId, eventId, eventPosition, orderingKey, eventType, attempt } = previous;
    await this.attempts.insert([
      {
        id: randomUUID(),
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
    await this.wake(delaySeconds);
  }

  /**
   * Wakes the delivery loop once attempts are due, `delaySeconds` from now. The job's delay is
   * rounded up to whole seconds (the queue's unit): it never runs before the attempt is due.
   */
  async wake(delaySeconds: number): Promise<void> {
    await this.jobs.sendMany('deliver-webhook', [
      { data: {}, delaySeconds: Math.ceil(delaySeconds) },
    ]);
    if (delaySeconds <= 0) this.uow.afterCommitOrNow(() => this.wakeups.deliver());
  }

  /** Wakes the relay of this process after the commit (events were recorded). */
  relaySoon(): void {
    this.uow.afterCommitOrNow(() => this.wakeups.relay());
  }
}
