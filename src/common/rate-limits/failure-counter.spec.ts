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

  it('lets `limit` attempts through, then blocks the key for blockMs', async () => {
    const c = counter();
    expect([await c.attempt('a'), await c.attempt('a'), await c.attempt('a')]).toEqual([0, 0, 0]);
    expect(await c.attempt('a')).toBe(5000);
    expect(await c.attempt('b')).toBe(0);
    now += 4999;
    expect(await c.attempt('a')).toBe(1);
    now += 1;
    expect(await c.attempt('a')).toBe(0);
  });

  it('counts attempts made at the same time before any of them ends', async () => {
    const c = counter();
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.attempt('a')));
    expect(answers.filter((ms) => ms === 0)).toHaveLength(3);
  });

  it('starts a new window after windowMs, and a reset (a success) forgets the attempts', async () => {
    const c = counter();
    await c.attempt('a');
    await c.attempt('a');
    now += 1000;
    expect([await c.attempt('a'), await c.attempt('a'), await c.attempt('a')]).toEqual([0, 0, 0]);
    await c.reset('a');
    expect([await c.attempt('a'), await c.attempt('a'), await c.attempt('a')]).toEqual([0, 0, 0]);
    expect(await c.attempt('a')).toBe(5000);
  });

  it('answers how many attempts the key has made in the window', async () => {
    const c = counter();
    expect(await c.attemptCounted('a')).toEqual({ blockedMs: 0, attempts: 1 });
    expect(await c.attemptCounted('a')).toEqual({ blockedMs: 0, attempts: 2 });
    await c.attempt('a');
    expect(await c.attemptCounted('a')).toEqual({ blockedMs: 5000, attempts: 0 });
  });
});
