import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from './ioredis';
import { CommonSettings } from '../settings/common-settings';
import { withDeadline } from '../scheduling/deadline';

/**
 * The shared Redis connection, when `REDIS_URL` is set (null in embedded mode). This is the only
 * place that opens one; features depend on `RedisConnection`, never on ioredis directly.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis | null;
  private readonly prefix: string;

  constructor(@Inject(CommonSettings) config: CommonSettings) {
    this.prefix = config.redisKeyPrefix;
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
        })
      : null;
    this.client?.on('error', () => undefined); // state is reported by readiness, not by crashing
    this.client?.connect().catch(() => undefined);
  }

  /** The key `name` of this deployment (REDIS_KEY_PREFIX before it). */
  key(name: string): string {
    return `${this.prefix}${name}`;
  }

  /** 'up' | 'down' | 'disabled', answered within `timeoutMs`. */
  async check(timeoutMs: number): Promise<'up' | 'down' | 'disabled'> {
    if (!this.client) return 'disabled';
    try {
      await withTimeout(this.client.ping(), timeoutMs);
      return 'up';
    } catch {
      return 'down';
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.client) return;
    // quit() waits for the server; a connection that is down or retrying is simply dropped.
    if (this.client.status === 'ready')
      await this.client.quit().catch(() => this.client?.disconnect());
    else this.client.disconnect();
  }
}

/** `promise`, or an error if Redis has not answered within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return withDeadline(promise, ms);
}
