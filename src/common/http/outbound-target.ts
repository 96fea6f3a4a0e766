import { BlockList, isIP } from 'node:net';
import { dnsResolver, LookupTimedOut, ResolvedAddress, Resolver } from './dns-resolver';
import { AnswerCache, LookupBudget, LookupBudgetSettings } from './lookup-budget';

export type { Resolver } from './dns-resolver';
export { LookupBudgetExceeded } from './lookup-budget';

/** A partner-supplied URL this service will not send requests to; `reason` says why. */
export class TargetRefused extends Error {
  constructor(readonly reason: string) {
    super(`the URL is refused: ${reason}`);
  }
}

/** The rules of OutboundTargets; what is left out takes its default. */
export interface TargetRules {
  /** http, private addresses and (unless `allowedPorts` says otherwise) any port: development, tests. */
  allowPrivate: boolean;
  /** The ports a URL may name (null: any); default 443 and 8443, any with `allowPrivate`. */
  allowedPorts?: readonly number[] | null;
  /** How long one lookup may take (default 5 s). */
  lookupTimeoutMs?: number;
  /** Lookups per client (default 4 at once, 60 a minute). */
  lookupBudget?: LookupBudgetSettings;
  now?: () => number;
}

export const DEFAULT_ALLOWED_PORTS: readonly number[] = [443, 8443];
const DEFAULT_BUDGET: LookupBudgetSettings = { concurrent: 4, perMinute: 60 };

/** A checked URL and the checked address to connect to for it. */
export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

const MAX_URL_LENGTH = 2048;
const DEFAULT_LOOKUP_TIMEOUT_MS = 5000;

/** Kinds of address a partner URL must not reach, each with the ranges of that kind. */
const BLOCKED: readonly { kind: string; v4: readonly string[]; v6: readonly string[] }[] = [
  { kind: 'an unspecified ("this network") address', v4: ['0.0.0.0/8'], v6: ['::/128'] },
  { kind: 'a loopback address', v4: ['127.0.0.0/8'], v6: ['::1/128'] },
  {
    kind: 'a private address',
    v4: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
    // fec0::/10: the deprecated site-local range, which some stacks still route internally.
    v6: ['fc00::/7', 'fec0::/10'],
  },
  { kind: 'a shared (carrier-grade NAT) address', v4: ['100.64.0.0/10'], v6: [] },
  {
    kind: 'a link-local or cloud metadata address',
    v4: ['169.254.0.0/16'],
    v6: ['fe80::/10'],
  },
  { kind: 'a multicast address', v4: ['224.0.0.0/4'], v6: ['ff00::/8'] },
  { kind: 'a broadcast address', v4: ['255.255.255.255/32'], v6: [] },
  {
    // 6to4 and Teredo carry an IPv4 address a relay forwards to, and a local-use NAT64 prefix
    // (RFC 8215) one the operator's own gateway reaches; no public webhook host uses them.
    kind: 'an IPv6 transition (6to4, Teredo or local-use NAT64) address',
    v4: [],
    v6: ['2002::/16', '2001::/32', '64:ff9b:1::/48'],
  },
  {
    kind: 'a reserved address',
    // 192.0.0/24 IETF protocol assignments, 198.18/15 benchmarking, 240/4 future use;
    // ::/96 the deprecated IPv4-compatible form, which no public host uses.
    v4: ['192.0.0.0/24', '198.18.0.0/15', '240.0.0.0/4'],
    v6: ['::/96'],
  },
];

/** One BlockList per kind, so a refusal can say which kind of address it met. */
const LISTS = BLOCKED.map(({ kind, v4, v6 }) => {
  const list = new BlockList();
  const add = (range: string, type: 'ipv4' | 'ipv6') => {
    const [network, prefix] = range.split('/');
    list.addSubnet(network, Number(prefix), type);
  };
  v4.forEach((r) => add(r, 'ipv4'));
  v6.forEach((r) => add(r, 'ipv6'));
  return { kind, list };
});

/**
 * The eight 16-bit groups of an IPv6 address. The WHATWG URL parser does the hard part: it
 * accepts every spelling (dotted tail, upper case, leading zeros) and writes the compressed
 * hexadecimal form, which is simple to expand.
 */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => parseInt(g, 16)) : [];
  const front = parse(head);
  const back = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

/**
 * The IPv4 address an IPv6 address stands for, if it embeds one a connection would reach:
 * IPv4-mapped (::ffff:a.b.c.d, which a dual-stack socket connects to over IPv4) and the NAT64
 * well-known prefix (64:ff9b::a.b.c.d, which a NAT64 gateway forwards to its own network).
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return undefined;
  return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.');
}

/** The kind of blocked address `address` is, or undefined when it is a public one. */
function blockedKind(address: string): string | undefined {
  // A zone (fe80::1%eth0) only picks the interface; the address decides the kind.
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) {
      const kind = blockedKind(v4);
      if (kind !== undefined) return `${v4} in IPv6 form, ${kind}`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return LISTS.find(({ list }) => list.check(bare, type))?.kind;
}

/**
 * The check of partner-supplied webhook URLs against server-side request forgery: only https
 * URLs on an allowed port whose host resolves to public addresses only. `allowPrivate`
 * (development and tests) accepts plain http, private addresses and any port too. Host names are
 * looked up without libuv's thread pool (dnsResolver), within a budget per client.
 */
export class OutboundTargets {
  private readonly resolver: Resolver;
  private readonly allowedPorts: readonly number[] | null;
  private readonly lookupTimeoutMs: number;
  private readonly budget: LookupBudget;
  private readonly cache: AnswerCache;
  private readonly inFlight = new Map<string, Promise<ResolvedAddress[]>>();

  constructor(
    private readonly options: TargetRules,
    resolver?: Resolver,
  ) {
    this.lookupTimeoutMs = options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;
    this.resolver = resolver ?? dnsResolver(this.lookupTimeoutMs);
    this.allowedPorts =
      options.allowedPorts !== undefined
        ? options.allowedPorts
        : options.allowPrivate
          ? null
          : DEFAULT_ALLOWED_PORTS;
    const now = options.now ?? Date.now;
    this.budget = new LookupBudget(options.lookupBudget ?? DEFAULT_BUDGET, now);
    this.cache = new AnswerCache(now);
  }

  /** Form only, no DNS: an absolute http(s) URL without credentials or fragment. Throws TargetRefused. */
  checkUrl(url: string): URL {
    if (url.length > MAX_URL_LENGTH)
      throw new TargetRefused(`the URL is longer than ${MAX_URL_LENGTH} characters`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TargetRefused(`${JSON.stringify(url)} is not an absolute URL`);
    }
    const https = parsed.protocol === 'https:';
    const http = parsed.protocol === 'http:';
    if (!https && !(http && this.options.allowPrivate))
      throw new TargetRefused(
        this.options.allowPrivate
          ? 'only http and https URLs are accepted'
          : 'only https URLs are accepted',
      );
    if (parsed.username !== '' || parsed.password !== '')
      throw new TargetRefused('the URL must not carry a user name or password');
    // A bare '#' leaves `hash` empty; in the text, any '#' starts a fragment.
    if (parsed.hash !== '' || url.includes('#'))
      throw new TargetRefused('the URL must not carry a fragment');
    if (parsed.hostname === '') throw new TargetRefused('the URL names no host');
    const port = parsed.port === '' ? (https ? 443 : 80) : Number(parsed.port);
    if (this.allowedPorts !== null && !this.allowedPorts.includes(port))
      throw new TargetRefused(
        `the port ${port} is not allowed (allowed: ${this.allowedPorts.join(', ')})`,
      );
    return parsed;
  }

  /**
   * checkUrl, then the addresses of the host. Refuses when any of them is blocked, not only the
   * first: a client falling back to the next address would otherwise reach it. The answer is the
   * address to connect to; connecting to it (not resolving again) keeps a rebinding DNS server
   * from answering differently the second time. A lookup counts in the budget of `client`;
   * beyond it, LookupBudgetExceeded.
   */
  async resolve(url: string, client = ''): Promise<ResolvedTarget> {
    const parsed = this.checkUrl(url);
    const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) !== 0 ? [host] : await this.lookup(host, client);
    if (!this.options.allowPrivate)
      for (const address of addresses) {
        const kind = blockedKind(address);
        if (kind === undefined) continue;
        throw new TargetRefused(
          address === host
            ? `the host ${address} is ${kind}`
            : `the host ${host} resolves to ${address}, ${kind}`,
        );
      }
    const address = addresses[0];
    return { url: parsed, address, family: isIP(address.replace(/%.*$/, '')) === 6 ? 6 : 4 };
  }

  /** The host's addresses, in the resolver's order; never empty. */
  private async lookup(host: string, client: string): Promise<string[]> {
    const found = this.cache.get(host) ?? (await this.shared(host, client));
    const addresses = found.map((a) => a.address);
    // A resolver answering garbage is treated like one answering nothing.
    if (addresses.length === 0 || addresses.some((a) => isIP(a.replace(/%.*$/, '')) === 0))
      throw new TargetRefused(`the host ${host} does not resolve`);
    this.cache.put(host, found);
    return addresses;
  }

  /**
   * The lookup of `host` under way, joined (a burst of deliveries to one endpoint asks once), or
   * a new one in the budget of `client`.
   */
  private shared(host: string, client: string): Promise<ResolvedAddress[]> {
    const running = this.inFlight.get(host);
    if (running) return running;
    const release = this.budget.take(client);
    const asked = this.ask(host, release).finally(() => this.inFlight.delete(host));
    this.inFlight.set(host, asked);
    return asked;
  }

  /** One lookup within the timeout; its budget slot is given back when it ends, not before. */
  private async ask(host: string, release: () => void): Promise<ResolvedAddress[]> {
    const seconds = this.lookupTimeoutMs / 1000;
    const late = new TargetRefused(`the host ${host} did not resolve within ${seconds} s`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((done) => {
      timer = setTimeout(() => done('timeout'), this.lookupTimeoutMs);
    });
    const lookup = Promise.resolve()
      .then(() => this.resolver(host))
      .finally(release);
    try {
      const found = await Promise.race([lookup, timeout]);
      if (found === 'timeout') {
        lookup.catch(() => undefined); // its end only gives the slot back
        throw late;
      }
      return found;
    } catch (error) {
      if (error instanceof TargetRefused) throw error;
      if (error instanceof LookupTimedOut) throw late;
      throw new TargetRefused(`the host ${host} does not resolve`);
    } finally {
      clearTimeout(timer);
    }
  }
}
