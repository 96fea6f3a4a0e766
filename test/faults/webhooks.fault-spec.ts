import { createServer, Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { freePort } from '../../scripts/lib/ports';
import { ServiceEnvironment, ServiceProcess } from '../support/processes/service-process';
import { call } from '../support/processes/http';
import { useRig } from './support/rig';

/**
 * Webhook deliveries survive what breaks them: a kill -9 of the API right after the commits that
 * caused events (each event arrives after the restart, and no more often than the delivery log
 * has attempts for it), and a receiver that is down for a while (the events arrive once it is
 * back, each order's in sequence).
 */
interface Receipt {
  id: string;
  type: string;
  po?: string;
  sequence?: number;
}

/** A receiver on `port` that keeps what it is sent and answers 200. */
function listen(port: number, receipts: Receipt[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };
      receipts.push({
        id: String(req.headers['webhook-id']),
        type: event.type,
        po: event.data.purchaseOrderNumber as string | undefined,
        sequence: event.data.sequence as number | undefined,
      });
      res.end();
    });
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

async function until(what: string, check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe('webhook deliveries across an API crash and a receiver outage', () => {
  const rig = useRig({
    client: 'hooks',
    recipeSets: 6,
    env: {
      WORKERS: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,3,3,3,3,5,5,5,5,5,5',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_BREAKER_OPEN_SECONDS: '1',
    },
  });
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

  async function endpoint(url: string, types: string): Promise<string> {
    const out = await rig.env.cli('webhooks', 'create', 'hooks', url, '--types', types);
    return (JSON.parse(out) as { id: string }).id;
  }

  async function attemptsOf(endpointId: string): Promise<{ eventId: string; status: string }[]> {
    const out = await rig.env.cli('webhooks', 'deliveries', endpointId, '--limit', '100', '--json');
    return (JSON.parse(out) as { data: { eventId: string; status: string }[] }).data;
  }

  it('kill -9 right after the commits: every event arrives after the restart, once per attempt', async () => {
    const receipts: Receipt[] = [];
    const port = await freePort();
    servers.push(await listen(port, receipts));
    const id = await endpoint(`http://127.0.0.1:${port}/hooks`, 'order.acknowledged');

    const numbers = Array.from({ length: 12 }, (_, i) => `HOOK-CRASH-${i}`);
    const answers = await Promise.all(numbers.map((po, i) => rig.acknowledge(po, i)));
    expect(answers.map((a) => a.status)).toEqual(numbers.map(() => 200));
    // At once: most first attempts have not been made yet.
    await rig.api.kill('SIGKILL');
    await rig.restart();

    await until('every acknowledgement event', () =>
      numbers.every((po) => receipts.some((r) => r.po === po)),
    );
    // The receiver may have answered an attempt the API has not recorded yet.
    let attempts = await attemptsOf(id);
    while (attempts.filter((a) => a.status === 'succeeded').length < numbers.length) {
      await sleep(500);
      attempts = await attemptsOf(id);
    }
    for (const po of numbers) {
      const got = receipts.filter((r) => r.po === po);
      expect(got.map((r) => r.sequence)).toEqual(got.map(() => 1));
      const logged = attempts.filter((a) => a.eventId === got[0].id);
      expect(logged.some((a) => a.status === 'succeeded')).toBe(true);
      expect(got.length).toBeLessThanOrEqual(logged.length);
    }
  });

  it('an API process without workers records the events; the worker process relays and delivers them', async () => {
    const receipts: Receipt[] = [];
    const port = await freePort();
    servers.push(await listen(port, receipts));
    await endpoint(`http://127.0.0.1:${port}/hooks`, 'order.acknowledged');
    // The same settings and keys, without workers: nothing in it fans out or delivers, and no
    // commit of its own wakes the other process, which finds the events by its poll.
    const apiOnly = await ServiceProcess.start(
      new ServiceEnvironment(rig.databaseUrl, { ...rig.env.vars, WORKERS: 'false' }),
    );
    try {
      const numbers = Array.from({ length: 6 }, (_, i) => `HOOK-SPLIT-${i}`);
      const answers = await Promise.all(numbers.map((po, i) => rig.acknowledge(po, i, apiOnly)));
      expect(answers.map((a) => a.status)).toEqual(numbers.map(() => 200));
      await until('every acknowledgement event', () =>
        numbers.every((po) => receipts.some((r) => r.po === po)),
      );
      expect(receipts.map((r) => r.po).sort()).toEqual(numbers);
    } finally {
      await apiOnly.kill();
    }
  });

  it('a receiver down for a while: its events arrive once it is back, each order in sequence', async () => {
    const receipts: Receipt[] = [];
    const port = await freePort();
    const id = await endpoint(
      `http://127.0.0.1:${port}/hooks`,
      'order.acknowledged,order.line_item.status_changed',
    );
    const po = 'HOOK-DOWN-1';
    expect((await rig.acknowledge(po, 0)).status).toBe(200);
    for (const workflowStatus of ['in-progress', 'completed']) {
      const res = await call(rig.api.baseUrl, 'POST', '/api/order/status', {
        token: rig.token,
        body: {
          purchaseOrderNumber: po,
          lineItems: [{ recipeSetReadableId: rig.recipeSets[0], workflowStatus }],
        },
      });
      expect(res.status).toBe(200);
    }
    // Nothing listens: the first event's attempts fail and are retried; the others wait for it.
    const db = new Client({ connectionString: rig.databaseUrl });
    await db.connect();
    const failed = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM webhook_attempt WHERE endpoint_id = $1 AND status = 'failed'`,
            [id],
          )
        ).rows[0].n,
      );
    try {
      const deadline = Date.now() + 60_000;
      while ((await failed()) < 2 && Date.now() < deadline) await sleep(200);
      expect(await failed()).toBeGreaterThanOrEqual(2);
    } finally {
      await db.end();
    }
    expect(receipts).toEqual([]);

    servers.push(await listen(port, receipts));
    await until('the three events', () => receipts.length >= 3);
    expect(receipts.map((r) => [r.type, r.sequence])).toEqual([
      ['order.acknowledged', 1],
      ['order.line_item.status_changed', 2],
      ['order.line_item.status_changed', 3],
    ]);
  });
});
