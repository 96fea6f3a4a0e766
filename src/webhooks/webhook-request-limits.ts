import { Injectable, Optional } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig, WebhookSettings } from '../config/app-config';
import { WebhookAttemptsRepository } from './webhook-attempts.repository';
import {
  WebhookPingLimitReached,
  WebhookQueueFull,
  WebhookReplayLimitReached,
} from './webhooks.errors';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * What one client may ask of the delivery queue, checked up front (429 naming the limit): its
 * pending attempts together (WEBHOOK_CLIENT_QUEUE_LIMIT: a replay, a redelivery or a ping that
 * would pass it is refused), replays per hour (WEBHOOK_REPLAYS_PER_HOUR) and test pings per
 * minute (WEBHOOK_PINGS_PER_MINUTE). The counts live in the rate limits' storage (Redis with
 * REDIS_URL, so they hold across instances).
 */
@Injectable()
export class WebhookRequestLimits {
  private readonly settings: WebhookSettings;

  constructor(
    config: AppConfig,
    private readonly attempts: WebhookAttemptsRepository,
    // Absent in processes without the rate-limit storage (the CLI, job workers): nothing counted.
    @Optional() @InjectThrottlerStorage() private readonly storage: ThrottlerStorage | undefined,
  ) {
    this.settings = config.webhooks;
  }

  /** A replay queuing `adding` attempts: one of the client's replays this hour, and room for them. */
  async replay(clientId: string, adding: number): Promise<void> {
    await this.queue(clientId, adding);
    await this.count(
      `webhook-replay:${clientId}`,
      this.settings.replaysPerHour,
      HOUR_MS,
      (s) => new WebhookReplayLimitReached(this.settings.replaysPerHour, s),
    );
  }

  /** A test ping: one of the client's pings this minute, and room for its attempt. */
  async ping(clientId: string): Promise<void> {
    await this.queue(clientId, 1);
    await this.count(
      `webhook-ping:${clientId}`,
      this.settings.pingsPerMinute,
      MINUTE_MS,
      (s) => new WebhookPingLimitReached(this.settings.pingsPerMinute, s),
    );
  }

  /** Room in the client's queue for `adding` more attempts (a redelivery: 1). */
  async queue(clientId: string, adding: number): Promise<void> {
    const limit = this.settings.clientQueueLimit;
    const pending = await this.attempts.pendingOfClient(clientId, limit + 1);
    if (pending + adding > limit) throw new WebhookQueueFull(pending, adding, limit);
  }

  private async count(
    key: string,
    limit: number,
    windowMs: number,
    refused: (retryAfterSeconds: number) => Error,
  ): Promise<void> {
    if (!this.storage) return;
    const counted = await this.storage.increment(key, windowMs, limit, windowMs, 'webhooks');
    if (!counted.isBlocked) return;
    throw refused(Math.max(1, counted.timeToBlockExpire));
  }
}
