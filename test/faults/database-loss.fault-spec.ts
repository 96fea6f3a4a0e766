import { setTimeout as sleep } from 'node:timers/promises';
import { call, until } from '../support/processes/http';
import { startLoad, TimedExchange } from '../support/processes/load';
import { halfWrittenOrders, orderBody, storedCounts } from '../support/processes/orders';
import { useRig } from './support/rig';

/**
 * PostgreSQL stopped (and frozen) under load. The API runs with DATABASE_CONNECT_TIMEOUT_MS 2 s and
 * DATABASE_STATEMENT_TIMEOUT_MS 3 s (set below), so no request may take longer than the
 * client deadline (3 s + 2 s) plus a pool wait (2 s) and some scheduling slack.
 */
const BOUND_MS = 9000;

describe('PostgreSQL goes away under load', () => {
  const rig = useRig({
    client: 'outage',
    recipeSets: 4,
    env: { DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '3000' },
  });
  let round = 0;

  /** Reads and acknowledgements from 6 connections; every order number is new. */
  const load = () => {
    const prefix = `OUT-${++round}`;
    return startLoad(rig.api.baseUrl, 6, (n) =>
      n % 2 === 0
        ? { label: 'read', method: 'GET', path: '/api/clients/current', token: rig.token }
        : {
            label: `${prefix}-${n}`,
            method: 'POST',
            path: '/api/order/acknowledgement',
            token: rig.token,
            body: orderBody(`${prefix}-${n}`, rig.recipeSets, n),
          },
    );
  };
  const readiness = async () => {
    const ready = await call(rig.api.baseUrl, 'GET', '/health/ready', { timeoutMs: BOUND_MS });
    return {
      status: ready.status,
      database: ready.status ? JSON.parse(ready.text).checks.database : undefined,
    };
  };

  /** What every request during and around the outage must look like. */
  const expectFailFast = (exchanges: TimedExchange[]) => {
    const slow = exchanges.filter((e) => e.ms > BOUND_MS);
    expect(slow.map((e) => `${e.label} ${e.status} ${Math.round(e.ms)} ms`)).toEqual([]);
    const unexpected = exchanges.filter(
      (e) =>
        !(
          e.status === 200 ||
          (e.status === 503 && /^application\/problem\+json/.test(e.contentType))
        ),
    );
    expect(
      unexpected.map((e) => `${e.label} ${e.status} ${e.error ?? e.text.slice(0, 200)}`),
    ).toEqual([]);
    expect(exchanges.some((e) => e.status === 503)).toBe(true);
    expect(exchanges.some((e) => e.status === 200)).toBe(true);
  };

  /** 200s are stored whole; the rest, retried once PostgreSQL is back, get 200 or 409. */
  const expectConsistent = async (exchanges: TimedExchange[]) => {
    const acks = exchanges.filter((e) => e.label !== 'read');
    const stored = await storedCounts(
      rig.databaseUrl,
      acks.map((e) => e.label),
    );
    for (const e of acks.filter((a) => a.status === 200))
      expect({ po: e.label, n: stored.get(e.label) }).toEqual({ po: e.label, n: 1 });
    expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
    const refused: string[] = [];
    for (const e of acks.filter((a) => a.status !== 200)) {
      const retry = await rig.acknowledge(e.label, Number(e.label.split('-').pop()));
      if (![200, 409].includes(retry.status)) refused.push(`${e.label}: ${retry.status}`);
    }
    expect(refused).toEqual([]);
  };

  /**
   * Load, then `cut` the database for `holdMs` after readiness turned red, `restore` it, and wait
   * until the same process answers again; returns the load's exchanges and how long each step took.
   */
  const outage = async (cut: () => Promise<void>, holdMs: number, restore: () => Promise<void>) => {
    const pid = rig.api.pid;
    const traffic = load();
    await sleep(1000);
    await cut();
    const redAfter = await until(
      'readiness reports the database down',
      async () => (await readiness()).database === 'down',
      BOUND_MS,
    );
    await sleep(holdMs);
    await restore();
    const backAfter = await until(
      'the API answers 200 again',
      async () =>
        (
          await call(rig.api.baseUrl, 'GET', '/api/clients/current', {
            token: rig.token,
            timeoutMs: BOUND_MS,
          })
        ).status === 200,
      15_000,
    );
    await sleep(1000);
    const exchanges = await traffic.stop();
    // The same process, never restarted, is ready again.
    expect(rig.api.pid).toBe(pid);
    expect(rig.api.running).toBe(true);
    expect(await readiness()).toEqual({ status: 200, database: 'up' });
    return { exchanges, redAfter, backAfter };
  };

  it('stopped: requests fail fast with 503 ProblemDetails, readiness turns red, and the same process serves again once it is back', async () => {
    const { exchanges, redAfter, backAfter } = await outage(
      () => rig.pg.stop('immediate'),
      3000,
      () => rig.pg.start(),
    );
    expect(redAfter).toBeLessThan(5000);
    expect(backAfter).toBeLessThan(15_000);
    expectFailFast(exchanges);
    await expectConsistent(exchanges);
  });

  it('frozen (no answers at all): requests end within the client deadline instead of hanging, and it recovers once thawed', async () => {
    // Held past the bound: a request that waited for the server would exceed it.
    const { exchanges } = await outage(
      () => rig.pg.freeze(true),
      BOUND_MS,
      () => rig.pg.freeze(false),
    );
    expectFailFast(exchanges);
    await expectConsistent(exchanges);
  });
});
