import { setTimeout as sleep } from 'node:timers/promises';
import { ApiEnvironment, ApiProcess } from './support/api-process';
import { call, until } from './support/http';
import { startLoad } from './support/load';
import { halfWrittenOrders, orderBody, storedCounts } from './support/orders';
import { PostgresServer } from './support/postgres-server';
import { RedisServer } from './support/redis-server';

/** Redis stopped under load: routes that do not need it carry on; readiness reports it. */
describe('Redis goes away under load', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  let env: ApiEnvironment;
  let api: ApiProcess;
  let token: string;
  let recipeSets: string[];

  beforeAll(async () => {
    [pg, redis] = await Promise.all([PostgresServer.create(), RedisServer.create()]);
    env = new ApiEnvironment(pg.url(), { REDIS_URL: redis.url });
    api = await ApiProcess.start(env);
    ({ token, recipeSets } = await env.provisionClient('redisloss', 4));
  }, 120_000);
  afterAll(async () => {
    await api?.kill();
    await redis?.stop();
    await pg?.destroy();
    env?.dispose();
  });

  const readiness = async () => {
    const ready = await call(api.baseUrl, 'GET', '/health/ready');
    return {
      status: ready.status,
      ...(JSON.parse(ready.text) as { checks: { database: string; redis: string } }).checks,
    };
  };

  it('keeps serving reads, acknowledgements and searches; readiness reports Redis down, then up again', async () => {
    expect(await readiness()).toEqual({ status: 200, database: 'up', redis: 'up' });
    const traffic = startLoad(
      api.baseUrl,
      4,
      (n) =>
        [
          { label: 'read', method: 'GET', path: '/api/clients/current', token },
          {
            label: `RL-${n}`,
            method: 'POST',
            path: '/api/order/acknowledgement',
            token,
            body: orderBody(`RL-${n}`, recipeSets, n),
          },
          {
            label: 'search',
            method: 'POST',
            path: '/api/orders/search',
            token,
            body: { lastModificationStartDate: new Date(Date.now() - 86_400_000).toISOString() },
          },
        ][n % 3],
    );
    await sleep(1000);
    await redis.stop();
    await until(
      'readiness reports Redis down',
      async () => (await readiness()).redis === 'down',
      5000,
    );
    expect(await readiness()).toEqual({ status: 503, database: 'up', redis: 'down' });
    await sleep(3000);
    await redis.start();
    await until(
      'readiness reports Redis up',
      async () => (await readiness()).status === 200,
      10_000,
    );
    const exchanges = await traffic.stop();

    const failed = exchanges.filter((e) => e.status !== 200);
    expect(failed.map((e) => `${e.label} ${e.status} ${e.error ?? e.text.slice(0, 200)}`)).toEqual(
      [],
    );
    // Redis is not on the path of these routes: nothing waits for its timeouts.
    expect(
      exchanges.filter((e) => e.ms > 1500).map((e) => `${e.label} ${Math.round(e.ms)} ms`),
    ).toEqual([]);
    const acks = exchanges.filter((e) => e.label.startsWith('RL-')).map((e) => e.label);
    expect([...(await storedCounts(pg.url(), acks)).values()].filter((n) => n === 1)).toHaveLength(
      acks.length,
    );
    expect(await halfWrittenOrders(pg.url())).toEqual([]);
    expect(await readiness()).toEqual({ status: 200, database: 'up', redis: 'up' });
  });
});
