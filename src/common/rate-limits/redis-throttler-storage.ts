import { Logger } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { RedisConnection } from '../redis/redis-connection';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One fixed window: adds ARGV[4] units to the key, starts the window on the first, and blocks the
 * key for ARGV[3] ms once the units pass the limit (ARGV[2]). Answers the units in the window, ms
 * left in the window and ms left of the block (≤ 0: not blocked).
 */
const INCREMENT = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[4])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]); blocked = tonumber(ARGV[3])
end
return {hits, ttl, blocked}`;

/** Keys counted in memory at most (the oldest go first). */
const MAX_LOCAL_KEYS = 100_000;

interface LocalWindow {
  hits: number;
  /** When the window ends (epoch ms). */
  endsAt: number;
  /** Until when the key is blocked (epoch ms; 0: not blocked). */
  blockedUntil: number;
}

/**
 * The throttler's counters in Redis when REDIS_URL is set, so that a limit holds across all API
 * instances; in memory otherwise. While Redis does not answer, this instance counts on its own
 * (a limit per instance is better than none, and better than refusing everyone). A hit may weigh
 * more than one ({@link incrementBy}: work counted in units of its cost, such as an upload's).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimits');
  private readonly local = new Map<string, LocalWindow>();
  private warned = false;

  constructor(
    private readonly redis: RedisConnection,
    private readonly now: () => number = Date.now,
  ) {}

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return this.incrementBy(key, 1, ttl, limit, blockDuration, throttlerName);
  }

  /** As `increment`, adding `units` (a whole number ≥ 1) to the window instead of one. */
  async incrementBy(
    key: string,
    units: number,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const by = Math.max(1, Math.ceil(units));
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
          String(by),
        )) as [number, number, number];
        this.warned = false;
        return record(hits, windowMs, blockedMs);
      } catch (err) {
        if (!this.warned)
          this.logger.warn({ err }, 'Redis did not answer: rate limits count per instance for now');
        this.warned = true;
      }
    }
    return this.incrementHere(`${throttlerName}:${key}`, by, ttl, limit, blockDuration);
  }

  /** The same window as the script, in this process. */
  private incrementHere(
    key: string,
    by: number,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): ThrottlerStorageRecord {
    const now = this.now();
    const found = this.local.get(key);
    const window =
      found && found.endsAt > now
        ? found
        : { hits: 0, endsAt: now + ttl, blockedUntil: found?.blockedUntil ?? 0 };
    window.hits += by;
    if (window.blockedUntil <= now && window.hits > limit)
      window.blockedUntil = now + blockDuration;
    // Newest last: the oldest key goes first past MAX_LOCAL_KEYS.
    this.local.delete(key);
    this.local.set(key, window);
    if (this.local.size > MAX_LOCAL_KEYS) this.local.delete(this.local.keys().next().value!);
    return record(window.hits, window.endsAt - now, window.blockedUntil - now);
  }
}

function record(hits: number, windowMs: number, blockedMs: number): ThrottlerStorageRecord {
  return {
    totalHits: hits,
    timeToExpire: Math.ceil(windowMs / 1000),
    isBlocked: blockedMs > 0,
    timeToBlockExpire: Math.max(0, Math.ceil(blockedMs / 1000)),
  };
}
