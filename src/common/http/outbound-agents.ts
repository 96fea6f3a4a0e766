import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { ResolvedTarget } from './outbound-target';

/** Connections kept per checked address (and at most this many at once to it). */
const MAX_SOCKETS_PER_TARGET = 16;
/** Idle connections closed after this (under Node's and most servers' 5-s keep-alive). */
const IDLE_MS = 4_000;
/** Targets with a pool of their own; past this many, the least recently used pool is closed. */
const MAX_TARGETS = 500;

/**
 * Keep-alive connection pools for outbound POSTs, one per checked target: the key is the pinned
 * address with the URL's scheme, host name and port, so a kept connection only ever goes to an
 * address that was checked, and a name that resolves elsewhere later gets a pool of its own
 * (after being checked again). Saves a TCP (and TLS) handshake per delivery on both sides.
 */
export class OutboundAgents {
  private readonly pools = new Map<string, HttpAgent>();

  /** The pool for `target`. */
  for(target: ResolvedTarget): HttpAgent {
    const { url, address } = target;
    const key = `${url.protocol}//${url.host}@${address}`;
    const found = this.pools.get(key);
    if (found) {
      // Most recently used last: the first is the one to close.
      this.pools.delete(key);
      this.pools.set(key, found);
      return found;
    }
    const options = {
      keepAlive: true,
      maxSockets: MAX_SOCKETS_PER_TARGET,
      maxFreeSockets: MAX_SOCKETS_PER_TARGET,
      timeout: IDLE_MS,
      scheduling: 'lifo' as const,
    };
    const agent = url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    this.pools.set(key, agent);
    if (this.pools.size > MAX_TARGETS) {
      const [oldest, pool] = this.pools.entries().next().value as [string, HttpAgent];
      this.pools.delete(oldest);
      pool.destroy();
    }
    return agent;
  }

  /** Closes every kept connection. */
  destroy(): void {
    for (const pool of this.pools.values()) pool.destroy();
    this.pools.clear();
  }
}
