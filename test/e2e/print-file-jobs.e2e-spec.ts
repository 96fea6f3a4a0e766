import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { line, order, OrdersApi, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

interface JobRow {
  data: { recipeSetId: string; designVersion: number };
  priority: number;
  singleton_key: string;
  state: string;
}

/**
 * Print-file jobs are sent in the acknowledgement's transaction (docs/design.md §9). No worker runs
 * here.
 */
describe('Print-file jobs of acknowledgements (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;

  const jobsOf = async (recipeSetIds: string[]): Promise<JobRow[]> =>
    t.dataSource.query(
      `SELECT data, priority, singleton_key, state FROM pgboss.job
        WHERE name = 'print-files' AND data->>'recipeSetId' = ANY($1) ORDER BY created_on`,
      [recipeSetIds],
    );
  const uuidsOf = async (readable: string[]): Promise<string[]> =>
    (
      await t.dataSource.query<{ id: string }[]>(
        `SELECT id FROM recipe_set WHERE readable_id = ANY($1) ORDER BY readable_id`,
        [readable],
      )
    ).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'false' } });
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('sends one job per recipe set with the order priority, keyed by design version', async () => {
    const ids = await api.fresh(2);
    const res = await api.ack(
      order(
        'JOBS-1',
        ids.map((id) => line(id)),
        { priority: 'Highest' },
      ),
    );
    expect(res.status).toBe(200);
    const uuids = await uuidsOf(ids);
    const jobs = await jobsOf(uuids);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect(job).toMatchObject({ priority: 4, state: 'created' });
      expect(job.singleton_key).toBe(`${job.data.recipeSetId}:${job.data.designVersion}`);
    }
    expect(jobs.map((j) => j.data.recipeSetId).sort()).toEqual([...uuids].sort());
  });

  it('keeps one waiting job when orders name the same design, and none for a rolled-back batch', async () => {
    const [shared] = await api.fresh(1);
    expect((await api.ack(order('JOBS-2', [line(shared)]))).status).toBe(200);
    expect((await api.ack(order('JOBS-3', [line(shared)]))).status).toBe(200);
    const [uuid] = await uuidsOf([shared]);
    expect(await jobsOf([uuid])).toHaveLength(1);

    // A batch fails as a whole (its second order names an unknown recipe set): no job is left.
    const [lonely] = await api.fresh(1);
    const batch = await api.ack(
      [order('JOBS-4', [line(lonely)]), order('JOBS-5', [line('ZZZZ9999')])],
      '/api/order/acknowledgements',
    );
    expect(batch.status).toBe(404);
    expect(await jobsOf(await uuidsOf([lonely]))).toHaveLength(0);
  });
});
