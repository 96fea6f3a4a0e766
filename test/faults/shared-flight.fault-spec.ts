import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisConnection } from '../../src/common/redis/redis-connection';
import { SharedFlight } from '../../src/common/redis/shared-flight';
import { RedisServer } from '../support/processes/redis-server';

/** Nothing settled yet. */
const nothing = (): Promise<number | undefined> => Promise.resolve(undefined);

/** Two instances' SharedFlight over one private Redis (each with its own connection). */
describe('SharedFlight across instances', () => {
  let server: RedisServer;
  const clients: Redis[] = [];

  const instance = async (): Promise<SharedFlight> => {
    const client = new Redis(server.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    client.on('error', () => undefined);
    clients.push(client);
    await new Promise((resolve) => client.once('ready', resolve));
    return new SharedFlight({ client } as unknown as RedisConnection);
  };

  beforeAll(async () => {
    server = await RedisServer.create();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
    await server.stop();
  });

  it('does the work once: the other instance waits for what it left', async () => {
    const [one, two] = [await instance(), await instance()];
    const stored = new Map<string, number>();
    let runs = 0;
    const work = async () => {
      runs++;
      await sleep(300);
      stored.set('k1', 42);
      return 42;
    };
    const options = { lockMs: 5000, settled: () => Promise.resolve(stored.get('k1')) };
    const results = await Promise.all([
      one.run('k1', work, options),
      two.run('k1', work, options),
      two.run('k1', work, options),
    ]);
    expect(results).toEqual([42, 42, 42]);
    expect(runs).toBe(1);
  });

  it('lets a waiter take over when the holder fails, and gives up waiting on a stuck holder', async () => {
    const [one, two] = [await instance(), await instance()];
    const failing = one.run(
      'k2',
      async () => {
        await sleep(200);
        throw new Error('render failed');
      },
      { lockMs: 5000, settled: nothing },
    );
    let tookOver = false;
    const waiter = two.run(
      'k2',
      () => {
        tookOver = true;
        return Promise.resolve(7);
      },
      { lockMs: 5000, settled: nothing },
    );
    await expect(failing).rejects.toThrow('render failed');
    expect(await waiter).toBe(7);
    expect(tookOver).toBe(true);

    // A holder that never finishes: the lock (and the wait) end after lockMs.
    void one.run('k3', () => new Promise<number>(() => undefined), {
      lockMs: 400,
      settled: nothing,
    });
    await sleep(50);
    const started = Date.now();
    expect(await two.run('k3', () => Promise.resolve(9), { lockMs: 400, settled: nothing })).toBe(
      9,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('runs the work without a lock when Redis is down', async () => {
    const one = await instance();
    await server.stop();
    await until(() => clients[clients.length - 1].status !== 'ready');
    expect(await one.run('k4', () => Promise.resolve(5), { lockMs: 1000, settled: nothing })).toBe(
      5,
    );
    await server.start();
    await until(() => clients[clients.length - 1].status === 'ready');
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await sleep(25);
}
