import { MetricsRegistry } from '../metrics/metrics-registry';
import { cacheLookups, TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const cache = (maxEntries = 3) =>
    new TtlCache<{ id: string }>({ maxEntries, ttlMs: 1000, now: () => now });
  beforeEach(() => (now = 0));

  it('serves a value until its time to live has passed', () => {
    const c = cache();
    c.set('a', { id: 'a' }, c.generation);
    now = 999;
    expect(c.get('a')).toEqual({ id: 'a' });
    now = 1000;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('never serves a value past its own end (notAfter)', () => {
    const c = cache();
    c.set('a', { id: 'a' }, c.generation, 300);
    now = 299;
    expect(c.get('a')).toBeDefined();
    now = 300;
    expect(c.get('a')).toBeUndefined();
    c.set('b', { id: 'b' }, c.generation, now);
    expect(c.get('b')).toBeUndefined();
  });

  it('keeps the values under maxSize by their weight, dropping the least recently used', () => {
    const c = new TtlCache<string>({
      maxEntries: 10,
      ttlMs: 1000,
      now: () => now,
      maxSize: 10,
      sizeOf: (v) => v.length,
    });
    c.set('a', 'aaaa', c.generation);
    c.set('b', 'bbbb', c.generation);
    expect(c.get('a')).toBe('aaaa'); // b is now the least recently used
    c.set('c', 'cccc', c.generation);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    c.set('big', 'x'.repeat(11), c.generation);
    expect(c.get('big')).toBeUndefined();
    expect(c.size).toBe(2);
    c.set('a', 'aaaaaa', c.generation); // replaced: its old weight is given back
    c.set('d', 'dd', c.generation);
    expect([c.get('a'), c.get('c'), c.get('d')]).toEqual(['aaaaaa', undefined, 'dd']);
    c.drop(() => true);
    c.set('e', 'e'.repeat(10), c.generation);
    expect(c.get('e')).toBe('e'.repeat(10));
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const c = cache(2);
    c.set('a', { id: 'a' }, c.generation);
    c.set('b', { id: 'b' }, c.generation);
    c.get('a');
    c.set('c', { id: 'c' }, c.generation);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([{ id: 'a' }, undefined, { id: 'c' }]);
  });

  it('drops the matching entries', () => {
    const c = cache();
    c.set('a', { id: 'x' }, c.generation);
    c.set('b', { id: 'y' }, c.generation);
    c.drop((v) => v.id === 'x');
    expect([c.get('a'), c.get('b')]).toEqual([undefined, { id: 'y' }]);
  });

  it('ignores a value read before a drop (it may be what the drop was about)', () => {
    const c = cache();
    const before = c.generation;
    c.drop(() => true);
    c.set('a', { id: 'stale' }, before);
    expect(c.get('a')).toBeUndefined();
    c.set('a', { id: 'fresh' }, c.generation);
    expect(c.get('a')).toEqual({ id: 'fresh' });
  });

  it('counts its hits and misses (an expired entry is a miss) in cache_lookups_total', async () => {
    const metrics = new MetricsRegistry();
    const c = new TtlCache<string>({
      maxEntries: 3,
      ttlMs: 1000,
      now: () => now,
      lookups: cacheLookups(metrics, 'things'),
    });
    c.get('a');
    c.set('a', 'A', c.generation);
    c.get('a');
    c.get('a');
    now = 1000;
    c.get('a');
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^cache_lookups_total\{cache="things",result="hit"\} 2$/m);
    expect(text).toMatch(/^cache_lookups_total\{cache="things",result="miss"\} 2$/m);
  });
});
