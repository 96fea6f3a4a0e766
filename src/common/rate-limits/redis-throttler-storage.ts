import { Logger } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { RedisConnection } from '../redis/redis-connection';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One fixed window: counts the hit, starts the window on the first, and blocks the key for
 * ARGV[3] ms once the hits pass the limit (ARGV[2]). Answers hits, ms left in the window and ms
 * left of the block (≤ 0: not blocked).
 */
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]); blocked = tonumber(ARGV[3])
end
return {hits, ttl, blocked}`;

/**
 * The throttler's counters in Redis when REDIS_URL is set, so that a limit holds across all API
 * instances; in memory otherwise. While Redis does not answer, this instance counts on its own
 * (a limit per instance is better than none, and better than refusing everyone).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimits');
  private readonly local = new ThrottlerStorageService();
  private warned = false;

  constructor(private readonly redis: RedisConnection) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const client = this.redis.client;
    if (client) {
      try {
        const [hits, windowMs, blockedMs] = (await client.eval(
          INCREMENT,
          2,
          this.redis.key(`throttle:${throttlerName}:${key}`),
          this.redis.key(`throttle:${throttlerName}:${key}:blocked`),
          String(ttl),
          String(limit),
          String(blockDuration),
        )) as [number, number, number];
        this.warned = false;
        return {
          totalHits: hits,
          timeToExpire: Math.ceil(windowMs / 1000),
          isBlocked: blockedMs > 0,
          timeToBlockExpire: Math.max(0, Math.ceil(blockedMs / 1000)),
        };
      } catch (err) {
        if (!this.warned)
          this.logger.warn({ err }, 'Redis did not answer: rate limits count per instance for now');
        this.warned = true;
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }
}
