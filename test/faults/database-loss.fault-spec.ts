import { setTimeout as sleep } from 'node:timers/promises';
import { ApiEnvironment, ApiProcess } from './support/api-process';
import { call, until } from './support/http';
import { startLoad, TimedExchange } from './support/load';
import { halfWrittenOrders, orderBody, storedCounts } from './support/orders';
import { PostgresServer } from './support/postgres-server';

/**
 * PostgreSQL stopped (and frozen) under load. The API runs with DATABASE_CONNECT_TIMEOUT_MS 2 s and
 * DATABASE_STATEMENT_TIMEOUT_MS 3 s (support/api-process), so no request may take longer than the
 * client deadline (3 s + 2 s) plus a pool wait (2 s) and some scheduling slack.
 */
const BOUND_MS = 9000;

describe('PostgreSQL goes away under load', () => {
  let pg: PostgresServer;
  let env: ApiEnvironment;
  let api: ApiProcess;
  let token: string;
  let recipeSets: string[];
  let round = 0;

  beforeAll(async () => {
    pg = await PostgresServer.create();
    env = new ApiEnvironment(pg.url());
    api = await ApiProcess.start(env);
    ({ token, recipeSets } = await env.provisionClient('outage', 4));
  }, 120_000);
  afterAll(async () => {
    await api?.kill();
    await pg?.destroy();
    env?.dispose();
  });

  /** Reads and acknowledgements from 6 connections; every order number is new. */
  const load = () => {
    const prefix = `OUT-${++round}`;
    return startLoad(api.baseUrl, 6, (n) =>
      n % 2 === 0
        ? { label: 'read', method: 'GET', path: '/api/clients/current', token }
        : {
            label: `${prefix}-${n}`,
            method: 'POST',
            path: '/api/order/acknowledgement',
            token,
            body: orderBody(`${prefix}-${n}`, recipeSets, n),
          },
    );
  };
  const readiness = async () => {
    const ready = await call(api.baseUrl, 'GET', '/health/ready', { timeoutMs: BOUND_MS });
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
      pg.url(),
      acks.map((e) => e.label),
    );
    for (const e of acks.filter((a) => a.status === 200))
      expect({ po: e.label, n: stored.get(e.label) }).toEqual({ po: e.label, n: 1 });
    expect(await halfWrittenOrders(pg.url())).toEqual([]);
    const refused: string[] = [];
    for (const e of acks.filter((a) => a.status !== 200)) {
      const n = Number(e.label.split('-').pop());
      const retry = await call(api.baseUrl, 'POST', '/api/order/acknowledgement', {
        token,
        body: orderBody(e.label, recipeSets, n),
      });
      if (![200, 409].includes(retry.status)) refused.push(`${e.label}: ${retry.status}`);
    }
    expect(refused).toEqual([]);
  };

  it('stopped: requests fail fast with 503 ProblemDetails, readiness turns red, and the same process serves again once it is back', async () => {
    const pid = api.pid;
    const traffic = load();
    await sleep(1000);
    await pg.stop('immediate');
    const redAfter = await until(
      'readiness reports the database down',
      async () => (await readiness()).database === 'down',
      5000,
    );
    await sleep(3000);
    await pg.start();
    const backAfter = await until(
      'the API answers 200 again',
      async () =>
        (await call(api.baseUrl, 'GET', '/api/clients/current', { token, timeoutMs: BOUND_MS }))
          .status === 200,
      15_000,
    );
    await sleep(1000);
    const exchanges = await traffic.stop();

    expect(redAfter).toBeLessThan(5000);
    expect(backAfter).toBeLessThan(15_000);
    expect(api.pid).toBe(pid);
    expect(api.running).toBe(true);
    expect(await readiness()).toEqual({ status: 200, database: 'up' });
    expectFailFast(exchanges);
    await expectConsistent(exchanges);
  });

  it('frozen (no answers at all): requests end within the client deadline instead of hanging, and it recovers once thawed', async () => {
    const pid = api.pid;
    const traffic = load();
    await sleep(1000);
    await pg.freeze(true);
    await until(
      'readiness reports the database down',
      async () => (await readiness()).database === 'down',
      BOUND_MS,
    );
    await sleep(BOUND_MS); // a request that waited for the server would now exceed the bound
    await pg.freeze(false);
    await until(
      'the API answers 200 again',
      async () =>
        (await call(api.baseUrl, 'GET', '/api/clients/current', { token, timeoutMs: BOUND_MS }))
          .status === 200,
      15_000,
    );
    await sleep(1000);
    const exchanges = await traffic.stop();

    expect(api.pid).toBe(pid);
    expect(await readiness()).toEqual({ status: 200, database: 'up' });
    expectFailFast(exchanges);
    await expectConsistent(exchanges);
  });
});
