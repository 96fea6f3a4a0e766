import { withClient } from '../setup/test-database';
import { call, until } from './support/http';
import { useRig } from './support/rig';

interface SetRow {
  readable: string;
  status: string;
  attempts: number;
}

/** Print-file jobs survive a killed worker, and many workers share them without doing one twice. */
describe('Print files under faults', () => {
  describe('a worker killed (kill -9) while making files', () => {
    const rig = useRig({
      client: 'printkill',
      recipeSets: 1,
      // A lost attempt counts as lost after 15 s, checked every second.
      env: { WORKERS: 'true', JOB_EXPIRE_SECONDS: '15', JOB_MAINTENANCE_SECONDS: '1' },
    });

    it('makes them after the restart', async () => {
      const [id] = rig.recipeSets;
      expect((await rig.acknowledge('PK-1', 0)).status).toBe(200);
      await until(
        'the files are being made',
        async () => (await sets(rig.databaseUrl, [id]))[0]?.status === 'processing',
        30_000,
      );
      await rig.restart(); // SIGKILL mid-generation, then a fresh process
      await until(
        'the files are ready after the restart',
        async () =>
          // The URL as text (fetch would follow a 303).
          (
            await call(rig.api.baseUrl, 'GET', `/api/webtoprint/${id}`, {
              token: rig.token,
              headers: { Accept: 'text/plain' },
            })
          ).status === 200,
        90_000,
      );
      const [set] = await sets(rig.databaseUrl, [id]);
      expect(set).toMatchObject({ status: 'ready' });
      expect(set.attempts).toBeGreaterThanOrEqual(2);
    }, 150_000);
  });

  describe('two API processes running workers', () => {
    const rig = useRig({
      client: 'printtwo',
      recipeSets: 6,
      instances: 2,
      env: { WORKERS: 'true' },
    });

    it('make each design version once', async () => {
      // Orders through both processes; each names two recipe sets, overlapping the next one.
      for (let i = 0; i < 6; i++)
        expect((await rig.acknowledge(`PT-${i}`, i, rig.apis[i % 2])).status).toBe(200);
      await until(
        'all files are ready',
        async () => {
          const rows = await sets(rig.databaseUrl, rig.recipeSets);
          return rows.length === 6 && rows.every((r) => r.status === 'ready');
        },
        120_000,
      );
      for (const set of await sets(rig.databaseUrl, rig.recipeSets))
        expect([set.readable, set.attempts]).toEqual([set.readable, 1]);
      // A key may have had a second job (sent while the first ran): it found the files ready.
      const keys = await withClient(
        rig.databaseUrl,
        async (db) =>
          (
            await db.query<{ key: string }>(
              `SELECT DISTINCT singleton_key AS key FROM pgboss.job
              WHERE name = 'print-files' AND state = 'completed'`,
            )
          ).rows,
      );
      expect(keys).toHaveLength(6);
    }, 180_000);
  });
});

/** The print-file sets of these recipe sets (readable ids). */
function sets(url: string, readable: string[]): Promise<SetRow[]> {
  return withClient(
    url,
    async (db) =>
      (
        await db.query<SetRow>(
          `SELECT r.readable_id AS readable, s.status, s.attempts
           FROM print_file_set s JOIN recipe_set r ON r.id = s.recipe_set_id
          WHERE r.readable_id = ANY($1) ORDER BY r.readable_id`,
          [readable],
        )
      ).rows,
  );
}
