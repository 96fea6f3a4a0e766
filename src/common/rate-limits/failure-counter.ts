import { Logger } from '@nestjs/common';
import { RedisConnection } from '../redis/redis-connection';

export interface FailureRule {
  /** Attempts without a success within one window… */
  limit: number;
  /** …of this length… */
  windowMs: number;
  /** …block the key for this long. */
  blockMs: number;
}

/**
 * One attempt, counted before it is made: answers the ms the key stays blocked (0: go ahead) and
 * the attempts counted in the window with this one. Past the limit it blocks the key and
 * restarts the count.
 */
const ATTEMPT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then return {blocked, 0} end
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if n > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]); redis.call('DEL', KEYS[1])
  return {tonumber(ARGV[3]), 0}
end
return {0, n}`;

/** What counting one attempt answers. */
export interface CountedAttempt {
  /** How long the key stays blocked, in ms (0: the attempt may go ahead). */
  blockedMs: number;
  /** Attempts of the key in the current window, this one included (0 when blocked). */
  attempts: number;
}

/** Keys remembered in memory at most (the oldest go first). */
const MAX_LOCAL_KEYS = 100_000;

/**
 * Attempts per key that have not (yet) succeeded, say sign-ins per e-mail address, and the
 * blocks they lead to. An attempt is counted before it is made and forgotten only by `reset`
 * (its success): requests in flight at the same time are all counted, so a burst cannot get
 * more tries than the limit. Shared through Redis when REDIS_URL is set, kept in this process
 * otherwise (and while Redis does not answer). Keys should not be personal data in clear: callers
 * pass a hash.
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

  /** Counts an attempt; answers the ms the key is blocked for (0: the attempt may go ahead). */
  async attempt(key: string): Promise<number> {
    return (await this.attemptCounted(key)).blockedMs;
  }

  /** Counts an attempt; answers how long the key is blocked and how many attempts it has made. */
  async attemptCounted(key: string): Promise<CountedAttempt> {
    const { limit, windowMs, blockMs } = this.rule;
    const client = this.redis.client;
    if (client) {
      try {
        const [blocked, attempts] = (await client.eval(
          ATTEMPT,
          2,
          this.redis.key(`fail:${key}`),
          this.redis.key(`fail:${key}:blocked`),
          String(windowMs),
          String(limit),
          String(blockMs),
        )) as [number, number];
        return { blockedMs: Math.max(0, blocked), attempts };
      } catch (err) {
        this.redisDown(err);
      }
    }
    return this.attemptHere(key);
  }

  /** Forgets the key's attempts (a success ends the run of failures). */
  async reset(key: string): Promise<void> {
    this.counts.delete(key);
    await this.redis.client
      ?.del(this.redis.key(`fail:${key}`))
      .catch((err: unknown) => this.redisDown(err));
  }

  private attemptHere(key: string): CountedAttempt {
    const now = this.now();
    const blockedUntil = this.blocks.get(key) ?? 0;
    if (blockedUntil > now) return { blockedMs: blockedUntil - now, attempts: 0 };
    const entry = this.counts.get(key);
    const count = entry && entry.until > now ? entry : { n: 0, until: now + this.rule.windowMs };
    count.n += 1;
    this.counts.delete(key);
    if (count.n > this.rule.limit) {
      this.remember(this.blocks, key, now + this.rule.blockMs);
      return { blockedMs: this.rule.blockMs, attempts: 0 };
    }
    this.remember(this.counts, key, count);
    return { blockedMs: 0, attempts: count.n };
  }

  /** Sets `key` as the newest entry of `map`, dropping the oldest past MAX_LOCAL_KEYS. */
  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > MAX_LOCAL_KEYS) map.delete(map.keys().next().value!);
  }

  private redisDown(err: unknown): void {
    this.logger.warn({ err }, 'Redis did not answer: attempts are counted per instance for now');
  }
}
