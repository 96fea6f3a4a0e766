import { Actor } from './actor';

export interface ActorCacheOptions {
  /** Entries kept at most; the least recently used goes first. */
  maxEntries: number;
  /** Milliseconds since the epoch; injected so that tests move time without sleeping. */
  now: () => number;
}

interface Entry {
  actor: Actor;
  /** When the entry stops being served (ms since the epoch). */
  until: number;
}

/**
 * Successful token lookups, keyed by the token's hash, so that an authenticated request does not
 * query the database each time. Bounded (LRU) and short-lived: each entry carries its own end, no
 * later than the token's own expiry. Only successful lookups are stored, so unknown tokens cannot
 * fill it.
 *
 * Revocation drops entries (`dropToken`, `clear`). A lookup that read the database before a
 * revocation must not store what it read afterwards: callers take `generation` before the read and
 * pass it to `set`, which ignores the entry if anything was dropped meanwhile.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  private dropped = 0;

  constructor(private readonly options: ActorCacheOptions) {}

  /** Changes whenever entries are dropped; see `set`. */
  get generation(): number {
    return this.dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Actor | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.options.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.actor;
  }

  /**
   * Stores `actor` for `ttlMs`, but not past `notAfter` (the token's expiry, ms since the epoch),
   * and not at all if entries were dropped since `generation` was read.
   */
  set(key: string, actor: Actor, ttlMs: number, generation: number, notAfter?: number): void {
    if (generation !== this.dropped || ttlMs <= 0) return;
    const until = Math.min(this.options.now() + ttlMs, notAfter ?? Infinity);
    if (until <= this.options.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { actor, until });
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Drops the entries of one token (revoked). */
  dropToken(tokenId: string): void {
    this.dropped++;
    for (const [key, entry] of this.entries) {
      if (entry.actor.tokenId === tokenId) this.entries.delete(key);
    }
  }

  /** Drops everything (revocations may have been missed). */
  clear(): void {
    this.dropped++;
    this.entries.clear();
  }
}
