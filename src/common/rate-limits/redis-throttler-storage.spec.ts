import type { RedisConnection } from '../redis/redis-connection';
import { RedisThrottlerStorage } from './redis-throttler-storage';

/** The in-process windows (no REDIS_URL, or Redis away): the same rules as the Redis script. */
describe('RedisThrottlerStorage in this process', () => {
  let now = 1_000_000;
  const noRedis = { client: null, key: (k: string) => k } as unknown as RedisConnection;
  const storage = () => new RedisThrottlerStorage(noRedis, () => now);

  it('counts hits in a fixed window and blocks past the limit until the block ends', async () => {
    const s = storage();
    const hit = () => s.increment('k', 60_000, 2, 30_000, 'default');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 60 });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 30 });
    now += 10_000;
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 20, timeToExpire: 50 });
    // A new window, and the block over: counting starts again.
    now += 60_000;
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('adds weighted hits: one dear hit can pass the limit alone, and keys and throttlers are apart', async () => {
    const s = storage();
    expect(await s.incrementBy('c', 4, 60_000, 5, 60_000, 'upload-cost')).toMatchObject({
      totalHits: 4,
      isBlocked: false,
    });
    expect(await s.incrementBy('c', 2.2, 60_000, 5, 60_000, 'upload-cost')).toMatchObject({
      totalHits: 7, // 2.2 counts as 3: work is counted in whole units, rounded up
      isBlocked: true,
    });
    expect(await s.incrementBy('other', 5, 60_000, 5, 60_000, 'upload-cost')).toMatchObject({
      totalHits: 5,
      isBlocked: false,
    });
    expect(await s.increment('c', 60_000, 5, 60_000, 'upload')).toMatchObject({ totalHits: 1 });
  });
});
