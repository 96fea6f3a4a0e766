import { setTimeout as sleep } from 'node:timers/promises';
import { call, until } from '../support/processes/http';
import { startLoad } from '../support/processes/load';
import { halfWrittenOrders, orderBody, storedCounts } from '../support/processes/orders';
import { useRig } from './support/rig';

/** Redis stopped under load: routes that do not need it carry on; readiness reports it. */
describe('Redis goes away under load', () => {
  const rig = useRig({ client: 'redisloss', recipeSets: 4, redis: true });

  const readiness = async () => {
    const ready = await call(rig.api.baseUrl, 'GET', '/health/ready');
    return {
      status: ready.status,
      ...(
        JSON.parse(ready.text) as { checks: { database: string; redis: string; workers: string } }
      ).checks,
    };
  };

  it('keeps serving reads, acknowledgements and searches; readiness reports Redis down, then up again', async () => {
    expect(await readiness()).toEqual({
      status: 200,
      database: 'up',
      redis: 'up',
      workers: 'up',
    });
    const traffic = startLoad(
      rig.api.baseUrl,
      4,
      (n) =>
        [
          { label: 'read', method: 'GET', path: '/api/clients/current', token: rig.token },
          {
            label: `RL-${n}`,
            method: 'POST',
            path: '/api/order/acknowledgement',
            token: rig.token,
            body: orderBody(`RL-${n}`, rig.recipeSets, n),
          },
          {
            label: 'search',
            method: 'POST',
            path: '/api/orders/search',
            token: rig.token,
            body: { lastModificationStartDate: new Date(Date.now() - 86_400_000).toISOString() },
          },
        ][n % 3],
    );
    await sleep(1000);
    await rig.redis!.stop();
    await until(
      'readiness reports Redis down',
      async () => (await readiness()).redis === 'down',
      5000,
    );
    expect(await readiness()).toEqual({
      status: 503,
      database: 'up',
      redis: 'down',
      workers: 'up',
    });
    await sleep(3000);
    await rig.redis!.start();
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
    expect(
      [...(await storedCounts(rig.databaseUrl, acks)).values()].filter((n) => n === 1),
    ).toHaveLength(acks.length);
    expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
    expect(await readiness()).toEqual({
      status: 200,
      database: 'up',
      redis: 'up',
      workers: 'up',
    });
  });
});
