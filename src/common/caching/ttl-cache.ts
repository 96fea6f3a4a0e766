import { MetricsRegistry } from '../metrics/metrics-registry';

export interface TtlCacheOptions<V> {
  /** Entries kept at most; the least recently used goes first. */
  maxEntries: number;
  /** How long an entry is served, in ms. */
  ttlMs: number;
  /** Milliseconds since the epoch; injected so that tests move time without sleeping. */
  now?: () => number;
  /** With `sizeOf`: the most the values may weigh together; the least recently used go first. */
  maxSize?: number;
  /** What a value weighs (e.g. its bytes); a value heavier than `maxSize` is not kept. */
  sizeOf?: (value: V) => number;
  /** Told of each lookup's result: the cache's hits and misses in /metrics (see cacheLookups). */
  lookups?: CacheLookups;
}

export interface CacheLookups {
  hit(): void;
  miss(): void;
}

/** `cache`'s hits and misses, counted in /metrics as `cache_lookups_total{cache,result}`. */
export function cacheLookups(metrics: MetricsRegistry, cache: string): CacheLookups {
  const lookups = metrics.counter(
    'cache_lookups_total',
    'Lookups in the in-memory caches of this process, by cache and result (hit, miss).',
    ['cache', 'result'],
  );
  const hits = lookups.labels({ cache, result: 'hit' });
  const misses = lookups.labels({ cache, result: 'miss' });
  return { hit: () => hits.inc(), miss: () => misses.inc() };
}

/**
 * A bounded (LRU), short-lived in-memory cache of values read from the database, with the rule
 * that keeps invalidation sound: a read that began before an invalidation must not store what it
 * read after it. Callers take `generation` before the read and pass it to `set`, which ignores the
 * value if anything was dropped meanwhile.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; size: number }>();
  private weight = 0;
  private dropped = 0;
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  /** Changes whenever entries are dropped; see `set`. */
  get generation(): number {
    return this.dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.options.lookups?.miss();
      return undefined;
    }
    this.entries.delete(key);
    if (entry.until <= this.now()) {
      this.weight -= entry.size;
      this.options.lookups?.miss();
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    this.options.lookups?.hit();
    return entry.value;
  }

  /**
   * Stores `value` for the cache's time to live, but not past `notAfter` (ms since the epoch; e.g.
   * the expiry of what it describes), and not at all if entries were dropped since `generation`.
   */
  set(key: string, value: V, generation: number, notAfter?: number): void {
    if (generation !== this.dropped) return;
    const until = Math.min(this.now() + this.options.ttlMs, notAfter ?? Infinity);
    if (until <= this.now()) return;
    const size = this.options.sizeOf?.(value) ?? 0;
    if (size > (this.options.maxSize ?? Infinity)) return;
    this.remove(key);
    this.entries.set(key, { value, until, size });
    this.weight += size;
    while (
      this.entries.size > this.options.maxEntries ||
      this.weight > (this.options.maxSize ?? Infinity)
    )
      this.remove(this.entries.keys().next().value!);
  }

  /** Drops the entries whose value matches (and keeps reads under way from storing theirs). */
  drop(matches: (value: V) => boolean): void {
    this.dropped++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.size;
  }
}
