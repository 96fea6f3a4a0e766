import { Actor } from './actor';
import { ActorCache } from './actor-cache';
import { Role } from './role';

const actor = (tokenId: string): Actor => ({
  clientId: 'c1',
  clientHandle: 'acme',
  role: Role.User,
  tokenId,
});

describe('ActorCache', () => {
  let now: number;
  let cache: ActorCache;
  beforeEach(() => {
    now = 1_000_000;
    cache = new ActorCache({ maxEntries: 3, now: () => now });
  });

  it('serves an entry until its time to live is over', () => {
    cache.set('h1', actor('t1'), 1000, cache.generation);
    now += 999;
    expect(cache.get('h1')).toEqual(actor('t1'));
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never serves an entry past the token's own expiry", () => {
    cache.set('h1', actor('t1'), 10_000, cache.generation, now + 300);
    now += 299;
    expect(cache.get('h1')).toBeDefined();
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
    cache.set('h2', actor('t2'), 10_000, cache.generation, now);
    expect(cache.get('h2')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    for (const k of ['a', 'b', 'c']) cache.set(k, actor(k), 1000, cache.generation);
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('d', actor('d'), 1000, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k)?.tokenId)).toEqual(['a', 'c', 'd']);
  });

  it("drops a revoked token's entries and nothing else", () => {
    cache.set('h1', actor('t1'), 1000, cache.generation);
    cache.set('h2', actor('t2'), 1000, cache.generation);
    cache.dropToken('t1');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toEqual(actor('t2'));
    cache.clear();
    expect(cache.get('h2')).toBeUndefined();
  });

  it('does not store a lookup that started before a revocation', () => {
    const before = cache.generation;
    cache.dropToken('t1'); // revoked while the lookup was reading the database
    cache.set('h1', actor('t1'), 1000, before);
    expect(cache.get('h1')).toBeUndefined();
    const afterClear = cache.generation;
    cache.set('h1', actor('t1'), 1000, afterClear);
    expect(cache.get('h1')).toBeDefined();
  });
});
