import { call, until } from '../support/processes/http';
import { startLoad } from '../support/processes/load';
import { halfWrittenOrders, orderBody, storedCounts } from '../support/processes/orders';
import { jobsFinished, upstreamOf, workerMetrics } from './support/observe';
import { useTopology } from './support/topology';

const CLIENT = 'resilient';
/** The plan limit of the burst: requests a minute. */
const LIMIT = 37;
const BURST = 200;
/** A lost job attempt counts as lost after this; maintenance looks every second. */
const JOB_EXPIRE_SECONDS = 15;

/** The compose topology under load and faults: a burst on a plan limit, a killed worker, Redis gone. */
describe('The compose topology under a burst and faults', () => {
  const top = useTopology({
    client: CLIENT,
    recipeSets: 4,
    env: { JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS), JOB_MAINTENANCE_SECONDS: '1' },
  });
  const qr = (i: number) =>
    top.call('POST', '/api/imagegen/qr', {
      headers: { clientHandle: CLIENT },
      body: { text: `request ${i}` },
      timeoutMs: 120_000,
    });
  const setPlan = async (limit: number, client = CLIENT) =>
    (
      JSON.parse(
        await top.env.cli('client', 'set-plan', client, '--limit', String(limit), '--window', '60'),
      ) as { limit: number }
    ).limit;

  it(`holds a plan limit of ${LIMIT} a minute exactly across both instances under a burst of ${BURST}`, async () => {
    expect(await setPlan(LIMIT)).toBe(LIMIT);
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => qr(i)));
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: LIMIT, 429: BURST - LIMIT });
    // Both instances answered, and both refused: the count is shared, not per instance.
    for (const status of [200, 429])
      expect(new Set(answers.filter((a) => a.status === status).map(upstreamOf))).toEqual(
        new Set([0, 1]),
      );
    // Each accepted request was told what remained, once each: LIMIT - 1 down to 0.
    const remaining = answers
      .filter((a) => a.status === 200)
      .map((a) => /^"plan";r=(\d+);t=\d+$/.exec(a.headers.get('ratelimit') ?? '')?.[1])
      .map(Number)
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, r) => r));
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.text).toBe('Rate limit exceeded.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-policy')).toBe(`"plan";q=${LIMIT};w=60`);
      expect(refused.headers.get('ratelimit')).toMatch(/^"plan";r=0;t=\d+$/);
    }
  }, 240_000);

  it('leaves the job of a worker killed with kill -9 to the other worker, which finishes it', async () => {
    const [id] = top.recipeSets;
    const [doomed, survivor] = top.workers;
    // The survivor is held (SIGSTOP) until the doomed worker has taken the job: it is the one
    // that dies holding it.
    survivor.signal('SIGSTOP');
    try {
      const ack = await top.call('POST', '/api/order/acknowledgement', {
        body: orderBody('KILL-1', [id], 0),
      });
      expect(ack.status).toBe(200);
      await until(
        'the doomed worker makes the files',
        async () => (await printSet(id))?.status === 'processing',
        60_000,
      );
    } finally {
      await doomed.kill('SIGKILL');
      survivor.signal('SIGCONT');
    }
    const before = jobsFinished(await workerMetrics(survivor), 'print-files');
    const took = await until(
      'the other worker has made the files',
      async () => (await printSet(id))?.status === 'ready',
      JOB_EXPIRE_SECONDS * 1000 + 120_000,
    );
    console.log(
      `kill -9 of a worker mid-job: the other finished it ${Math.round(took / 1000)} s later (expiry ${JOB_EXPIRE_SECONDS} s)`,
    );
    // The killed worker's attempt and the survivor's at least: on a busy machine an attempt that
    // outlasts the expiry (15 s here) counts as lost too and is made again.
    const made = await printSet(id);
    expect(made.status).toBe('ready');
    expect(made.attempts).toBeGreaterThanOrEqual(2);
    expect(jobsFinished(await workerMetrics(survivor), 'print-files')).toBeGreaterThanOrEqual(
      before + 1,
    );
    // The files are served as usual.
    const zip = await top.call('GET', `/api/webtoprint/${id}`, {
      headers: { Accept: 'text/plain' },
    });
    expect(zip.status).toBe(200);
    // Back to two workers.
    top.workers[0] = await top.start('worker');
  }, 300_000);

  it('keeps serving through the proxy while Redis is stopped for 10 s; readiness reports it, plan limits count per instance', async () => {
    // Room under the plan limit: the plan-limited route is in the traffic.
    await setPlan(100_000);
    // A second client on a plan of 5 a minute, asked 10 times of each instance directly (the
    // proxy's turns are taken by the traffic): what the plan-limited route costs without Redis.
    const limited = await top.env.provisionClient('limited', 1);
    await setPlan(5, 'limited');
    const tenOfEach = async () => {
      const answers = await Promise.all(
        top.apis.flatMap((api) =>
          Array.from({ length: 10 }, (_, i) =>
            call(api.baseUrl, 'POST', '/api/imagegen/qr', {
              token: limited.token,
              headers: { clientHandle: 'limited' },
              body: { text: `limited ${i}` },
              timeoutMs: 60_000,
            }),
          ),
        ),
      );
      return [0, 1].map(
        (i) => answers.slice(i * 10, i * 10 + 10).filter((a) => a.status === 200).length,
      );
    };
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const [, second] = top.recipeSets;
    const render = `/api/assets/generated/recipeset/readable/${second}/north`;
    // Drawn and stored before: in the traffic, renders are served from the store.
    expect((await top.call('GET', render, { redirect: 'manual' })).status).toBe(302);
    const loadBegan = performance.now();
    const traffic = startLoad(top.url, 4, (n) => {
      const requests = [
        { label: 'read', method: 'GET', path: '/api/clients/current' },
        {
          label: `ack RD-${n}`,
          method: 'POST',
          path: '/api/order/acknowledgement',
          body: orderBody(`RD-${n}`, [second], 0),
        },
        {
          label: 'search',
          method: 'POST',
          path: '/api/orders/search',
          body: { lastModificationStartDate: since },
        },
        {
          label: 'order',
          method: 'GET',
          path: '/api/order/order-number/KILL-1',
        },
        {
          label: 'render',
          method: 'GET',
          path: render,
          redirect: 'manual' as const,
        },
        {
          label: 'qr',
          method: 'POST',
          path: '/api/imagegen/qr',
          headers: { clientHandle: CLIENT },
          body: { text: `during ${n}` },
        },
      ];
      return { token: top.token, ...requests[n % requests.length] };
    });
    await top.redis.stop();
    const stoppedAt = performance.now();
    await until(
      'both API instances and both workers report Redis down',
      async () => (await readiness()).every((r) => r.redis === 'down' && r.status === 503),
      // Seconds on an idle machine: the ceiling is for a busy one.
      90_000,
    );
    // Each instance counts on its own meanwhile: 5 each, 10 in all.
    expect(await tenOfEach()).toEqual([5, 5]);
    // Stopped for 10 s: the traffic runs meanwhile.
    await until(
      '10 s have passed',
      () => Promise.resolve(performance.now() - stoppedAt >= 10_000),
      20_000,
    );
    await top.redis.start();
    await until(
      'both API instances and both workers report Redis up',
      async () => (await readiness()).every((r) => r.redis === 'up' && r.status === 200),
      60_000,
    );
    // The count is shared again (in the restarted, empty Redis): 5 in all.
    const shared = await tenOfEach();
    expect(shared[0] + shared[1]).toBe(5);
    const exchanges = await traffic.stop();
    console.log(
      `Redis stopped 10 s (from ${Math.round(stoppedAt - loadBegan)} ms): ${exchanges.length} requests through the proxy, ${exchanges.filter((e) => e.status !== 200 && e.status !== 302).length} not answered 200/302`,
    );
    expect(exchanges.length).toBeGreaterThan(20);
    const failed = exchanges.filter((e) => e.status !== (e.label === 'render' ? 302 : 200));
    expect(failed.map((e) => `${e.label} ${e.status} ${e.error ?? e.text.slice(0, 200)}`)).toEqual(
      [],
    );
    // Every acknowledgement stored once, none half-written.
    const acks = exchanges.filter((e) => e.label.startsWith('ack ')).map((e) => e.label.slice(4));
    expect(acks.length).toBeGreaterThan(0);
    const stored = await storedCounts(top.databaseUrl, acks);
    expect(acks.filter((po) => stored.get(po) !== 1)).toEqual([]);
    expect(await halfWrittenOrders(top.databaseUrl)).toEqual([]);
    // Nothing waited for Redis's timeouts.
    expect(
      exchanges
        .filter((e) => e.ms > 5000)
        .map((e) => `${e.label} ${Math.round(e.ms)} ms, from ${Math.round(e.at)} ms`),
    ).toEqual([]);
  }, 240_000);

  /** Readiness of both API instances (directly) and both workers (their probe ports). */
  async function readiness(): Promise<{ status: number; redis: string }[]> {
    return Promise.all(
      [...top.apis, ...top.workers].map(async (p) => {
        const res = await call(p.baseUrl, 'GET', '/health/ready');
        const checks = (JSON.parse(res.text || '{}') as { checks?: { redis?: string } }).checks;
        return { status: res.status, redis: checks?.redis ?? '?' };
      }),
    );
  }

  async function printSet(readable: string) {
    const [row] = await top.query<{ status: string; attempts: number }>(
      `SELECT s.status, s.attempts FROM print_file_set s JOIN recipe_set r ON r.id = s.recipe_set_id
        WHERE r.readable_id = $1`,
      [readable],
    );
    return row;
  }
});
