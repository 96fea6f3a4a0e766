import type { ResolvedAddress } from './dns-resolver';

/** How many lookups of its webhook hosts one client may have going: at once, and per minute. */
export interface LookupBudgetSettings {
  concurrent: number;
  perMinute: number;
}

/** A client's lookups are at one of its limits; `limit` names it, with its setting. */
export class LookupBudgetExceeded extends Error {
  constructor(
    readonly limit: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`the client has ${limit}; try again later`);
  }
}

const MINUTE_MS = 60_000;
/** Clients tracked before finished windows are swept (a bound on the maps, not on clients). */
const SWEEP_AT = 10_000;

/**
 * Per-client budget of DNS lookups (in this process): one client's names that never answer, or
 * a flood of endpoints, use up that client's lookups only, never those of the others. A slot is
 * held until the lookup itself ends, not only until its caller gave up.
 */
export class LookupBudget {
  private readonly inFlight = new Map<string, number>();
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly settings: LookupBudgetSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a lookup for `client`; answers the function that gives it back. Throws LookupBudgetExceeded. */
  take(client: string): () => void {
    const now = this.now();
    const running = this.inFlight.get(client) ?? 0;
    if (running >= this.settings.concurrent)
      throw new LookupBudgetExceeded(
        `${this.settings.concurrent} DNS lookups of its webhook hosts under way, the most it may have at once (WEBHOOK_DNS_CONCURRENCY)`,
        1,
      );
    if (this.windows.size >= SWEEP_AT) this.sweep(now);
    let window = this.windows.get(client);
    if (!window || now - window.start >= MINUTE_MS) {
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    if (window.count >= this.settings.perMinute)
      throw new LookupBudgetExceeded(
        `made ${this.settings.perMinute} DNS lookups of its webhook hosts this minute, the most it may make (WEBHOOK_DNS_LOOKUPS_PER_MINUTE)`,
        Math.max(1, Math.ceil((window.start + MINUTE_MS - now) / 1000)),
      );
    window.count += 1;
    this.inFlight.set(client, running + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.inFlight.get(client) ?? 1) - 1;
      if (left > 0) this.inFlight.set(client, left);
      else this.inFlight.delete(client);
    };
  }

  private sweep(now: number): void {
    for (const [client, w] of this.windows)
      if (now - w.start >= MINUTE_MS) this.windows.delete(client);
  }
}

/** Answers kept at least and at most this long whatever their TTL says, and at most this many names. */
const MIN_KEEP_MS = 5_000;
const MAX_KEEP_MS = 60_000;
const MAX_NAMES = 10_000;

/**
 * Recent answers by host name, each kept for its TTL within 5 s to a minute: deliveries to one
 * endpoint do not look its host up each time, nor spend the client's lookups (a connection goes
 * to an address checked in that answer, so keeping it does not weaken the address rules). An
 * answer without a TTL (a stand-in resolver) is not kept.
 */
export class AnswerCache {
  private readonly answers = new Map<string, { addresses: ResolvedAddress[]; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(host: string): ResolvedAddress[] | undefined {
    const kept = this.answers.get(host);
    if (!kept) return undefined;
    if (kept.until > this.now()) return kept.addresses;
    this.answers.delete(host);
    return undefined;
  }

  put(host: string, addresses: ResolvedAddress[]): void {
    const ttls = addresses.map((a) => a.ttl);
    if (addresses.length === 0 || ttls.some((t) => t === undefined)) return;
    const ttlMs = Math.min(...(ttls as number[])) * 1000;
    const keepMs = Math.max(MIN_KEEP_MS, Math.min(MAX_KEEP_MS, ttlMs));
    this.answers.delete(host);
    if (this.answers.size >= MAX_NAMES) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(host, { addresses, until: this.now() + keepMs });
  }
}
