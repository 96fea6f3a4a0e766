import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from './ioredis';
import { RedisConnection, withTimeout } from './redis-connection';

/** How long a publish waits for the connection (the CLI publishes right after it starts). */
const PUBLISH_TIMEOUT_MS = 2000;

/**
 * Messages to every instance through Redis pub/sub, when `REDIS_URL` is set: fire and forget,
 * for invalidating what instances keep in memory. Messages published while an instance is
 * disconnected are lost, so what relies on them needs its own bound (e.g. a short time to live).
 * A subscription uses its own connection (a subscribed Redis connection can do nothing else).
 */
@Injectable()
export class Broadcast implements OnApplicationShutdown {
  private readonly subscribers: Redis[] = [];

  constructor(private readonly redis: RedisConnection) {}

  /** Publishes `message` on `channel`; rejects if Redis cannot be reached in time. */
  async publish(channel: string, message: string): Promise<void> {
    const client = this.redis.client;
    if (!client) return;
    if (client.status !== 'ready') {
      await withTimeout(
        new Promise<void>((resolve) => client.once('ready', () => resolve())),
        PUBLISH_TIMEOUT_MS,
      );
    }
    await client.publish(channel, message);
  }

  /** Calls `onMessage` with every message on `channel`; false (nothing happens) without Redis. */
  subscribe(channel: string, onMessage: (message: string) => void): boolean {
    if (!this.redis.client) return false;
    const sub = this.redis.client.duplicate();
    this.subscribers.push(sub);
    sub.on('error', () => undefined); // reported by readiness; ioredis reconnects and resubscribes
    sub.on('message', (ch: string, message: string) => {
      if (ch === channel) onMessage(message);
    });
    // Subscribed on every (re)connection: the connection refuses commands before it is ready.
    sub.on('ready', () => void sub.subscribe(channel).catch(() => undefined));
    sub.connect().catch(() => undefined);
    return true;
  }

  onApplicationShutdown(): void {
    for (const sub of this.subscribers) sub.disconnect();
  }
}
