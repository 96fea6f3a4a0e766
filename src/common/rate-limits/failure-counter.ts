import { Logger } from '@nestjs/common';
import { RedisConnection } from '../redis/redis-connection';

export interface FailureRule {
  /** Failures counted within one window… */
  limit: number;
  /** …of this length… */
  windowMs: number;
  /** …block the key for this long. */
  blockMs: number;
}

/** Counts a failure; once `limit` are in the window, blocks the key and restarts its count. */
const FAIL = `
local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if n >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]); redis.call('DEL', KEYS[1])
end
return n`;

/** Keys remembered in memory at most (the oldest go first). */
const MAX_LOCAL_KEYS = 100_000;

/**
 * Failures per key (say, failed sign-ins per e-mail address) and the blocks they lead to: shared
 * through Redis when REDIS_URL is set, kept in this process otherwise (and while Redis does not
 * answer). Keys should not be personal data in clear: callers pass a hash.
 */
export class FailureCounter {
  private readonly logger = new Logger('RateLimits');
  private readonly counts = new Map<string, { n: number; until: number }>();
  private readonly blocks = new Map<string, number>();

  constructor(
    private readonly redis: RedisConnection,
    private readonly rule: FailureRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds the key is still blocked for (0: not blocked). */
  async blockedFor(key: string): Promise<number> {
    const client = this.redis.client;
    if (client) {
      try {
        return Math.max(0, await client.pttl(this.redis.key(`fail:${key}:blocked`)));
      } catch (err) {
        this.redisDown(err);
      }
    }
    const until = this.blocks.get(key) ?? 0;
    return Math.max(0, until - this.now());
  }

  /** Counts one failure for the key. */
  async fail(key: string): Promise<void> {
    const { limit, windowMs, blockMs } = this.rule;
    const client = this.redis.client;
    if (client) {
      try {
        await client.eval(
          FAIL,
          2,
          this.redis.key(`fail:${key}`),
          this.redis.key(`fail:${key}:blocked`),
          String(windowMs),
          String(limit),
          String(blockMs),
        );
        return;
      } catch (err) {
        this.redisDown(err);
      }
    }
    const now = this.now();
    const entry = this.counts.get(key);
    const count = entry && entry.until > now ? entry : { n: 0, until: now + windowMs };
    count.n += 1;
    this.counts.delete(key);
    if (count.n >= limit) this.block(key, now + blockMs);
    else this.counts.set(key, count);
    if (this.counts.size > MAX_LOCAL_KEYS) this.counts.delete(this.counts.keys().next().value!);
  }

  /** Forgets the key's failures (a success ends the run of failures). */
  async reset(key: string): Promise<void> {
    this.counts.delete(key);
    await this.redis.client
      ?.del(this.redis.key(`fail:${key}`))
      .catch((err: unknown) => this.redisDown(err));
  }

  private block(key: string, until: number): void {
    this.blocks.delete(key);
    this.blocks.set(key, until);
    if (this.blocks.size > MAX_LOCAL_KEYS) this.blocks.delete(this.blocks.keys().next().value!);
  }

  private redisDown(err: unknown): void {
    this.logger.warn({ err }, 'Redis did not answer: failures are counted per instance for now');
  }
}
