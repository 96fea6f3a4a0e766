import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';
import { Broadcast } from '../common/redis/broadcast';
import { CACHE_TTL_MS, REVOCATION_CHANNEL, TokenCache } from './token-cache';

const actor = (tokenId: string): Actor => ({
  clientId: 'c1',
  clientHandle: 'acme',
  role: Role.User,
  tokenId,
  sandbox: false,
});

/** Redis pub/sub in memory: what was published, and the subscriber to deliver to. */
class FakeBroadcast {
  deliver?: (message: string) => void;
  published: [string, string][] = [];
  failPublish = false;

  subscribe(channel: string, onMessage: (message: string) => void): boolean {
    expect(channel).toBe(REVOCATION_CHANNEL);
    this.deliver = onMessage;
    return true;
  }

  publish(channel: string, message: string): Promise<void> {
    if (this.failPublish) return Promise.reject(new Error('Redis is down'));
    this.published.push([channel, message]);
    return Promise.resolve();
  }
}

describe('TokenCache', () => {
  let now: number;
  let bus: FakeBroadcast;
  let cache: TokenCache;
  beforeEach(() => {
    now = 5_000_000;
    bus = new FakeBroadcast();
    cache = new TokenCache(bus as unknown as Broadcast, { now: () => new Date(now) });
    cache.onModuleInit();
  });
  const remember = (hash: string, tokenId: string, expiresAt?: Date): void =>
    cache.set(hash, actor(tokenId), cache.generation, expiresAt);

  it(`keeps a lookup ${CACHE_TTL_MS} ms at most, whether revocations reach it or not`, () => {
    remember('h1', 't1');
    now += CACHE_TTL_MS - 1;
    expect(cache.get('h1')).toBeDefined();
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops a lookup as soon as its revocation arrives from another instance', () => {
    remember('h1', 't1');
    remember('h2', 't2');
    bus.deliver!('t1');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeDefined();
  });

  it("never keeps a lookup past the token's expiry", () => {
    remember('h1', 't1', new Date(now + 200));
    now += 200;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops a revoked token here and publishes its id; a failed publish does not fail the revocation', async () => {
    remember('h1', 't1');
    await cache.revoked('t1');
    expect(cache.get('h1')).toBeUndefined();
    expect(bus.published).toEqual([[REVOCATION_CHANNEL, 't1']]);
    bus.failPublish = true;
    remember('h2', 't2');
    await expect(cache.revoked('t2')).resolves.toBeUndefined();
    expect(cache.get('h2')).toBeUndefined();
  });
});
