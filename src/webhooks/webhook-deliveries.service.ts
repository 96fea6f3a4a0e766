import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { Clock } from '../common/clock/clock';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { isUuid } from '../common/validation/uuid';
import { DeliveryScheduler } from './delivery-scheduler';
import { DeliveriesQueryDto, DeliveryDto, DeliveryPageDto, ReplayDto } from './dto/delivery.dto';
import { WebhookAttemptEntity } from './entities';
import { EventLogRepository } from './event-log.repository';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookRequestLimits } from './webhook-request-limits';
import { InvalidEventQuery, ReplayTooLarge, WebhookAttemptNotFound } from './webhooks.errors';

/** The most events one replay queues. */
export const MAX_REPLAY_EVENTS = 10_000;

function encodeCursor(a: WebhookAttemptEntity): string {
  return Buffer.from(`${a.createdAt.toISOString()}|${a.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (Number.isNaN(createdAt.getTime()) || !isUuid(id ?? ''))
    throw new InvalidEventQuery('cursor', 'is not the `next` of an earlier page');
  return { createdAt, id };
}

/** The delivery log of an endpoint, and sending events again (one, or a window of them). */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointsService,
    private readonly attempts: WebhookAttemptsRepository,
    private readonly events: EventLogRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly limits: WebhookRequestLimits,
    private readonly clock: Clock,
  ) {}

  async page(actor: Actor, endpointId: string, q: DeliveriesQueryDto): Promise<DeliveryPageDto> {
    const endpoint = await this.endpoints.owned(actor, endpointId);
    const limit = q.limit ?? 50;
    const rows = await this.attempts.page(endpoint.id, {
      status: q.status,
      limit: limit + 1,
      before: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    const page = rows.slice(0, limit);
    const publicIds = await this.events.publicIds([...new Set(page.map((a) => a.eventId))]);
    return {
      data: page.map((a): DeliveryDto => ({
        id: a.id,
        eventId: publicIds.get(a.eventId) ?? '',
        eventType: a.eventType,
        attempt: a.attempt,
        status: a.status,
        responseStatus: a.responseStatus,
        durationMs: a.durationMs,
        error: a.error,
        dueAt: a.dueAt.toISOString(),
        createdAt: a.createdAt.toISOString(),
        completedAt: a.completedAt?.toISOString() ?? null,
      })),
      next: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
    };
  }

  /**
   * Sends the attempt's event again to its endpoint (the same `webhook-id`), as attempt 1, if the
   * client's queue has room for it.
   */
  async redeliver(
    actor: Actor,
    attemptId: string,
  ): Promise<{ attemptId: string; eventId: string }> {
    const attempt = isUuid(attemptId) ? await this.attempts.find(attemptId) : null;
    if (!attempt) throw new WebhookAttemptNotFound(attemptId);
    const endpoint = await this.endpoints
      .owned(actor, attempt.endpointId)
      .catch(() => Promise.reject(new WebhookAttemptNotFound(attemptId)));
    return this.uow.run(async () => {
      const event = await this.events.byId(attempt.eventId);
      if (!event) throw new WebhookAttemptNotFound(attemptId);
      await this.limits.queue(endpoint.clientId, 1);
      const [fresh] = await this.scheduler.fanOut([event], [endpoint]);
      return { attemptId: fresh, eventId: event.publicId };
    });
  }

  /**
   * Queues the client's events of [since, until) the endpoint takes; answers how many. Counted
   * against the client's replays per hour, and refused if its queue has no room for them.
   */
  async replay(actor: Actor, endpointId: string, dto: ReplayDto): Promise<number> {
    const endpoint = await this.endpoints.owned(actor, endpointId);
    const until = dto.until ?? this.clock.now();
    return this.uow.run(async () => {
      const events = (
        await this.events.window(endpoint.clientId, dto.since, until, MAX_REPLAY_EVENTS + 1)
      ).filter((e) => e.type !== 'webhook.ping');
      if (events.length > MAX_REPLAY_EVENTS)
        throw new ReplayTooLarge(events.length, MAX_REPLAY_EVENTS);
      const taken = events.filter(
        (e) => endpoint.eventTypes === null || endpoint.eventTypes.includes(e.type),
      );
      await this.limits.replay(endpoint.clientId, taken.length);
      return (await this.scheduler.fanOut(taken, [endpoint])).length;
    });
  }
}
