import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { upstreamOf } from './support/observe';
import { useServers } from './support/topology';

/** The migrations the service has (src/database/migrations, one file each). */
const MIGRATIONS = readdirSync(join(__dirname, '..', '..', 'src', 'database', 'migrations')).filter(
  (f) => /^\d+-.+\.ts$/.test(f) && !f.endsWith('.spec.ts'),
).length;

/**
 * Five processes of the topology started at once on an empty database, each migrating it as it
 * starts (MIGRATIONS_RUN=true): two APIs, two workers and the one-shot `cli.js migrate`. The
 * migrations run once, under the migration lock, and every process comes up.
 */
describe('The compose topology: five processes starting at once on an empty database', () => {
  const top = useServers({ env: { MIGRATIONS_RUN: 'true' } });

  it('migrate it exactly once, and all of them start', async () => {
    const [cli, ...started] = await Promise.all([
      top.env.cli('migrate'),
      top.start('api', {}, 180_000),
      top.start('api', {}, 180_000),
      top.start('worker', {}, 180_000),
      top.start('worker', {}, 180_000),
    ]);
    top.apis = started.slice(0, 2);
    top.workers = started.slice(2);
    expect(started.every((p) => p.running)).toBe(true);
    // The CLI applied what no server had applied before it took the lock (perhaps nothing).
    const applied = (JSON.parse(cli) as { applied: string[] }).applied;
    expect(applied.length).toBeLessThanOrEqual(MIGRATIONS);

    const rows = await top.query<{ name: string; n: string }>(
      `SELECT name, count(*) AS n FROM schema_migrations GROUP BY name`,
    );
    expect(rows).toHaveLength(MIGRATIONS);
    expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    // The job queue's own schema, made by whichever process came first, once.
    const [boss] = await top.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.version`);
    expect(Number(boss.n)).toBe(1);

    // And the topology serves: a client made with the CLI, read through the proxy by both APIs.
    top.proxy.upstreams.push(...top.apis.map((a) => a.baseUrl));
    const { token } = await top.env.provisionClient('racer', 1);
    const answers = [
      await top.call('GET', '/api/clients/current', { token }),
      await top.call('GET', '/api/clients/current', { token }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map(upstreamOf).sort()).toEqual([0, 1]);
  }, 300_000);
});
