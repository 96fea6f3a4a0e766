import { promises as dns } from 'node:dns';

/** One address a host name resolves to; `ttl` (seconds) when the answer said how long it holds. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
  ttl?: number;
}

/** Every address a host name resolves to (an empty answer or a rejection: it does not resolve). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** A lookup that got no answer in time: the name's servers are slow or never answer. */
export class LookupTimedOut extends Error {
  constructor(readonly host: string) {
    super(`the lookup of ${host} timed out`);
  }
}

/** Loopback answers for `localhost` and `*.localhost` (RFC 6761), as /etc/hosts gives them. */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/**
 * A resolver asking the DNS servers of /etc/resolv.conf directly (c-ares, `dns.Resolver`), A and
 * AAAA at once, with its own timeout: unlike `dns.lookup` (getaddrinfo), a lookup does not take
 * one of libuv's few pool threads, so names that never answer cannot hold up file work, crypto or
 * other lookups. `timeoutMs` bounds one lookup in all (its tries included). /etc/hosts is not
 * read; `localhost` and `*.localhost` answer loopback and `*.invalid` nothing, as RFC 6761 says
 * (and as /etc/hosts has them). `servers` replaces the system's (tests).
 */
export function dnsResolver(timeoutMs: number, tries = 2, servers?: string[]): Resolver {
  // c-ares doubles the timeout at each round of tries: t + 2t (+ 4t…) stays within timeoutMs.
  const perTry = Math.max(50, Math.floor(timeoutMs / (2 ** tries - 1)));
  const resolver = new dns.Resolver({ timeout: perTry, tries });
  if (servers) resolver.setServers(servers);
  return async (name) => {
    const host = name.toLowerCase().replace(/\.$/, '');
    if (host === 'localhost' || host.endsWith('.localhost')) return LOOPBACK;
    if (host === 'invalid' || host.endsWith('.invalid')) return [];
    const [v4, v6] = await Promise.allSettled([
      resolver.resolve4(host, { ttl: true }),
      resolver.resolve6(host, { ttl: true }),
    ]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((a) => ({ ...a, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((a) => ({ ...a, family: 6 as const })) : []),
    ];
    if (found.length > 0) return found;
    // ETIMEOUT: the servers did not answer, as opposed to "no such name" or a refusal.
    const timedOut = [v4, v6].some(
      (r) => r.status === 'rejected' && (r.reason as NodeJS.ErrnoException).code === 'ETIMEOUT',
    );
    if (timedOut) throw new LookupTimedOut(host);
    return [];
  };
}
