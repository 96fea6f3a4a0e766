import { RedisConnection } from '../redis/redis-connection';
import { FailureCounter } from './failure-counter';

describe('FailureCounter (in memory, without REDIS_URL)', () => {
  const noRedis = { client: null, key: (k: string) => k } as unknown as RedisConnection;
  let now = 0;
  const counter = () =>
    new FailureCounter(noRedis, { limit: 3, windowMs: 1000, blockMs: 5000 }, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('blocks a key for blockMs once limit failures fall within one window', async () => {
    const c = counter();
    await c.fail('a');
    await c.fail('a');
    expect(await c.blockedFor('a')).toBe(0);
    await c.fail('a');
    expect(await c.blockedFor('a')).toBe(5000);
    expect(await c.blockedFor('b')).toBe(0);
    now += 4999;
    expect(await c.blockedFor('a')).toBe(1);
    now += 1;
    expect(await c.blockedFor('a')).toBe(0);
  });

  it('starts a new window after windowMs, and a reset forgets the failures', async () => {
    const c = counter();
    await c.fail('a');
    await c.fail('a');
    now += 1000;
    await c.fail('a');
    expect(await c.blockedFor('a')).toBe(0);
    await c.fail('a');
    await c.reset('a');
    await c.fail('a');
    expect(await c.blockedFor('a')).toBe(0);
  });
});
