import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { DEMO_BOTTLE_SKU, line, order, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { CLI, runCli } from '../support/run-cli';
import { freePort } from '../../scripts/lib/ports';

const WORKER = join(__dirname, '..', '..', 'dist', 'src', 'worker.js');

// Tests that run child processes have budgets sized in test/support/budgets.ts.
/** Operating the jobs: the CLI's failed-job commands, and a workers-only process (both built). */
describe('Jobs: CLI and worker process (built, as operators run them)', () => {
  let t: TestApp;
  let a: TestClient;

  beforeAll(async () => {
    for (const file of [CLI, WORKER])
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\``);
    t = await createTestApp(); // WORKERS=false: the API makes no files itself
    a = await createClient(t.app, { role: Role.Admin });
    await t.app.get(DemoService).installCatalog(a.handle);
  });
  afterAll(() => t.close());

  it('lists failed jobs and queues them again', async () => {
    const [{ id }] = await t.dataSource.query<{ id: string }[]>(
      `INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, output, completed_on)
       VALUES ('print-files', '{"recipeSetId":"00000000-0000-4000-8000-000000000009","designVersion":1}',
               'failed', 4, 4, '{"message":"the disk is full"}', now()) RETURNING id`,
    );
    const failed = await runCli(t.db.env, 'jobs', 'failed', '--json');
    expect(failed.code).toBe(0);
    expect(JSON.parse(failed.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          name: 'print-files',
          retryCount: 4,
          error: 'the disk is full',
        }),
      ]),
    );
    // Without --json: a table for people, one line per job.
    const table = await runCli(t.db.env, 'jobs', 'failed');
    expect(table.stdout).toMatch(/^ID\s+QUEUE\s+RETRIES\s+FAILED AT\s+ERROR$/m);
    expect(table.stdout).toMatch(
      new RegExp(`^${id}\\s+print-files\\s+4\\s+\\S+\\s+the disk is full$`, 'm'),
    );
    // Per queue: queued, active, failed and the oldest due job's wait.
    type Stats = { queue: string; queued: number; active: number; failed: number };
    const statsOf = async (queue: string) => {
      const stats = await runCli(t.db.env, 'jobs', 'stats', '--json');
      expect(stats.code).toBe(0);
      return (JSON.parse(stats.stdout) as Stats[]).find((q) => q.queue === queue)!;
    };
    expect(await statsOf('print-files')).toMatchObject({ failed: 1 });
    const statsTable = await runCli(t.db.env, 'jobs', 'stats');
    expect(statsTable.stdout).toMatch(/^QUEUE\s+QUEUED\s+ACTIVE\s+FAILED\s+OLDEST QUEUED$/m);
    expect(statsTable.stdout).toMatch(/^print-files\s+\d+\s+\d+\s+1\s+\S+$/m);
    expect((await runCli(t.db.env, 'jobs', 'retry')).code).not.toBe(0);
    expect((await runCli(t.db.env, 'jobs', 'retry', 'not-an-id')).code).not.toBe(0);
    const retried = await runCli(t.db.env, 'jobs', 'retry', id);
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout)).toEqual({ retried: [id] });
    const [{ state }] = await t.dataSource.query<{ state: string }[]>(
      'SELECT state FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(state).toBe('retry');
    expect(await statsOf('print-files')).toMatchObject({ failed: 0, queued: 1 });
    expect(JSON.parse((await runCli(t.db.env, 'jobs', 'retry', '--all')).stdout)).toEqual({
      retried: [],
    });
  }, 220_000);

  it('a worker process makes the files of an order the API took, serves its probes and metrics, and stops cleanly', async () => {
    const [{ readableId }] = await t.app
      .get(DemoService)
      .createRecipeSets(a.handle, { count: 1, product: 'demo-bottle' });
    const ack = await ordersApi(t, a).ack(order('WORKER-1', [line(readableId, DEMO_BOTTLE_SKU)]));
    expect(ack.status).toBe(200);
    const port = await freePort();
    const worker: ChildProcess = spawn(process.execPath, [WORKER], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'warn',
        ...t.db.env,
        HOST: '127.0.0.1',
        WORKER_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const probe = `http://127.0.0.1:${port}`;
    let stderr = '';
    worker.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      let status = 0;
      for (let i = 0; i < 400 && status !== 303; i++) {
        status = (
          await request(t.http)
            .get(`/api/webtoprint/${readableId}`)
            .set('SERVICE_API_TOKEN', a.token)
        ).status;
        if (status !== 303) await new Promise((r) => setTimeout(r, 100));
      }
      expect([status, stderr]).toEqual([303, '']);
      // The worker's own port: probes and the metrics of the jobs it ran.
      const live = await request(probe).get('/health/live');
      expect([live.status, live.body]).toEqual([200, { status: 'ok' }]);
      const ready = await request(probe).get('/health/ready');
      expect([ready.status, ready.body]).toEqual([
        200,
        { status: 'ok', checks: { database: 'up', redis: ready.body.checks.redis, workers: 'up' } },
      ]);
      const metrics = await request(probe).get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
      expect(metrics.text).toMatch(
        /^jobs_finished_total\{name="print-files",outcome="completed"\} [1-9]/m,
      );
      expect(metrics.text).toMatch(
        /^build_info\{version="\d+\.\d+\.\d+",commit="[^"]+",node="v\d+[^"]*"\} 1$/m,
      );
      expect((await request(probe).get('/api/clients/current')).status).toBe(404);
      expect((await request(probe).post('/health/live')).status).toBe(405);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 210_000);
});
