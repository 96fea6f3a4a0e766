import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { cacheLookups, TtlCache } from '../common/caching/ttl-cache';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { Clock } from '../common/clock/clock';
import { Broadcast } from '../common/redis/broadcast';

/** Redis channel on which revoked token ids are published to every instance. */
export const REVOCATION_CHANNEL = 'pci:api-token-revoked';
/**
 * How long a lookup is remembered, and so the longest a token revoked elsewhere keeps working
 * here when the revocation cannot reach this instance (no Redis, Redis unreachable, the CLI run
 * without REDIS_URL). With Redis, revocations arrive within milliseconds; this bound holds anyway.
 * It is under a second with room for the request in flight: a revoked token stops working
 * within 1 s everywhere. About one lookup per token per second is nothing next to one per request.
 */
export const CACHE_TTL_MS = 900;
const MAX_ENTRIES = 10_000;

/**
 * The token lookups this instance remembers, and how revocations reach them: a revocation drops
 * the entry here at once and is published to the other instances, which drop theirs.
 */
@Injectable()
export class TokenCache implements OnModuleInit {
  private readonly logger = new Logger(TokenCache.name);
  /** Successful lookups by the token's hash (unknown tokens cannot fill it). */
  private readonly cache: TtlCache<Actor>;

  constructor(
    private readonly broadcast: Broadcast,
    clock: Clock,
    metrics?: MetricsRegistry,
  ) {
    // The services' clock: a token's expiry is judged on the same time here as in the database lookup.
    this.cache = new TtlCache({
      maxEntries: MAX_ENTRIES,
      ttlMs: CACHE_TTL_MS,
      now: () => clock.now().getTime(),
      lookups: metrics && cacheLookups(metrics, 'tokens'),
    });
  }

  onModuleInit(): void {
    this.broadcast.subscribe(REVOCATION_CHANNEL, (tokenId) =>
      this.cache.drop((actor) => actor.tokenId === tokenId),
    );
  }

  get(tokenHash: string): Actor | undefined {
    return this.cache.get(tokenHash);
  }

  /** Read before the database lookup; pass to `set` (see TtlCache). */
  get generation(): number {
    return this.cache.generation;
  }

  /** Remembers a successful lookup, never past `expiresAt` (the token's expiry, if it has one). */
  set(tokenHash: string, actor: Actor, generation: number, expiresAt?: Date | null): void {
    this.cache.set(tokenHash, actor, generation, expiresAt?.getTime());
  }

  /** Drops `tokenId` here and tells every other instance; a failed publish is logged. */
  async revoked(tokenId: string): Promise<void> {
    this.cache.drop((actor) => actor.tokenId === tokenId);
    try {
      await this.broadcast.publish(REVOCATION_CHANNEL, tokenId);
    } catch (err) {
      // The other instances still stop accepting it within CACHE_TTL_MS.
      this.logger.error(
        `token ${tokenId} is revoked, but the other instances could not be told: ${String(err)}`,
      );
    }
  }
}
