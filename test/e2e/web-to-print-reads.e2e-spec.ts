import type { Pool } from 'pg';
import request from 'supertest';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { CatalogService } from '../../src/catalog';
import { Role } from '../../src/common/auth/role';
import { PREPARED_MARK } from '../../src/common/persistence/prepared';
import { DemoService } from '../../src/demo';
import { RecipeSetDesignsService } from '../../src/recipe-sets';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

/** Tables a web-to-print read depends on (client accounts are the token lookup's too). */
const PRINT_TABLES = /\b(recipe_set|product|client_print_settings|print_file_set)\b/;

/**
 * What `GET /api/webtoprint/{id}` reads when the files are ready (one prepared statement), and
 * that nothing it keeps between requests serves a ZIP of settings, a product or a status that
 * are no longer the recipe set's, however they were changed.
 */
describe('Web-to-print reads (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let service: TestClient;
  let id: string;
  let uuid: string;

  const get = (path: string, client: TestClient = a) =>
    request(t.http).get(path).set('SERVICE_API_TOKEN', client.token);
  /** Polls a web-to-print URL until it answers something other than 202. */
  const ready = async (path: string): Promise<request.Response> => {
    for (let i = 0; i < 600; i++) {
      const res = await get(path);
      if (res.status !== 202) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${path} stayed 202`);
  };

  /**
   * Until no print job is queued or running: a poll answered 202 may have queued a second job of
   * the design version, whose statements (on a busy machine, after the files are ready) would be
   * counted as the read's.
   */
  const jobsSettled = async (): Promise<void> => {
    for (let i = 0; i < 1200; i++) {
      const [{ n }] = await t.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'print-files' AND state IN ('created', 'retry', 'active')`,
      );
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('print jobs still queued or running after 120 s');
  };

  /** The answer to `path` and the statements on the print tables it ran (the app otherwise idle). */
  const work = async (path: string, client: TestClient = a) => {
    await jobsSettled();
    // Through TypeORM's query runners, and straight on the pool (UnitOfWork.read).
    const statements = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    const pool = (t.dataSource.driver as PostgresDriver).master as Pool;
    const direct = jest.spyOn(pool, 'query');
    const designs = jest.spyOn(t.app.get(RecipeSetDesignsService), 'forPrintAt');
    const products = jest.spyOn(t.app.get(CatalogService), 'find');
    try {
      const res = await get(path, client);
      return {
        res,
        statements: [...statements.mock.calls, ...direct.mock.calls]
          .map(([sql]) => String(sql))
          .filter((sql) => PRINT_TABLES.test(sql)),
        designReads: designs.mock.calls.length,
        productReads: products.mock.calls.length,
      };
    } finally {
      statements.mockRestore();
      direct.mockRestore();
      designs.mockRestore();
      products.mockRestore();
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true' } });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    await t.app.get(DemoService).installCatalog(a.handle);
    [{ readableId: id }] = await t.app
      .get(DemoService)
      .createRecipeSets(a.handle, { count: 1, product: 'demo-bottle' });
    [{ id: uuid }] = await t.dataSource.query<{ id: string }[]>(
      'SELECT id FROM recipe_set WHERE readable_id = $1',
      [id],
    );
  });
  afterAll(() => t.close());

  it('answers ready files with one prepared statement, reading no design, product or settings', async () => {
    const first = await ready(`/api/webtoprint/${id}`);
    expect(first.status).toBe(303);
    const zip = first.headers.location;

    const { res, statements, designReads, productReads } = await work(`/api/webtoprint/${id}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(zip);
    expect(statements).toHaveLength(1);
    expect(statements[0].startsWith(`${PREPARED_MARK}SELECT r.id`)).toBe(true);
    expect([designReads, productReads]).toEqual([0, 0]);

    // The same read behind the other forms of the route.
    const byUuid = await work(`/api/webtoprint/uuid/${uuid}`);
    expect(byUuid.res.headers.location).toBe(zip);
    expect(byUuid.statements).toHaveLength(1);
    const text = await get(`/api/webtoprint/${id.toLowerCase()}`).set('Accept', 'text/plain');
    expect([text.status, text.text]).toEqual([200, zip]);
    const wrap = await work(`/api/webtoprint/${id}/location/WRAP`);
    expect(wrap.res.status).toBe(303);
    expect(wrap.res.headers.location).toMatch(/\.pdf$/);
    expect([wrap.statements.length, wrap.designReads]).toEqual([1, 0]);
    expect((await get(`/api/webtoprint/${id}/location/front`)).status).toBe(404);
  });

  it("answers another client's id as an unknown one, after its owner's reads too; a ServiceAdmin reads it", async () => {
    expect((await get(`/api/webtoprint/${id}`)).status).toBe(303);
    for (const path of [`/api/webtoprint/${id}`, `/api/webtoprint/uuid/${uuid}`]) {
      const foreign = await work(path, b);
      expect(foreign.res.status).toBe(404);
      expect(foreign.res.text).toBe(`Recipe set ${path.split('/').pop()} was not found.`);
      expect([foreign.designReads, foreign.productReads]).toEqual([0, 0]);
    }
    expect((await get('/api/webtoprint/ZZZZ2222', b)).status).toBe(404);
    expect((await get(`/api/webtoprint/${id}/location/wrap`, b)).status).toBe(404);
    const any = await get(`/api/webtoprint/${id}`, service);
    expect(any.status).toBe(303);
    expect(any.headers.location).toBe((await get(`/api/webtoprint/${id}`)).headers.location);
  });

  it('reads the status on every request: withheld at once, served again at once', async () => {
    const zip = (await get(`/api/webtoprint/${id}`)).headers.location;
    await t.dataSource.query(`UPDATE recipe_set SET status = 'OnHold' WHERE id = $1`, [uuid]);
    const held = await get(`/api/webtoprint/${id}`);
    expect(held.status).toBe(403);
    expect(held.text).toBe(`Recipe set ${id} is OnHold: its print files are not available.`);
    await t.dataSource.query(`UPDATE recipe_set SET status = 'Created' WHERE id = $1`, [uuid]);
    expect((await get(`/api/webtoprint/${id}`)).headers.location).toBe(zip);
  });

  it('never serves the ZIP of settings or a product that changed, however they were changed', async () => {
    const defaults = (await get(`/api/webtoprint/${id}`)).headers.location;
    expect(defaults).toMatch(/\.zip$/);

    // Written behind the service's back, as another instance whose notice never arrives would.
    await t.dataSource.query(
      `INSERT INTO client_print_settings (client_id, settings, updated_at)
       VALUES ($1, $2, now())
       ON CONFLICT (client_id) DO UPDATE SET settings = EXCLUDED.settings`,
      [a.id, { bleedMm: 5 }],
    );
    expect((await get(`/api/webtoprint/${id}`)).status).toBe(202);
    const wider = await ready(`/api/webtoprint/${id}`);
    expect(wider.status).toBe(303);
    expect(wider.headers.location).not.toBe(defaults);

    // Back to the defaults through the API: the files made with them are served again at once.
    const put = await request(t.http)
      .put(`/api/catalog/${a.handle}/print-settings`)
      .set('SERVICE_API_TOKEN', a.token)
      .send({});
    expect(put.status).toBe(200);
    expect((await get(`/api/webtoprint/${id}`)).headers.location).toBe(defaults);

    // A location's override in the product, changed in the database: made again with it.
    await t.dataSource.query(
      `UPDATE product SET version = version + 1,
         definition = jsonb_set(definition, '{locations,0,print}', '{"bleedMm": 1}')
       WHERE client_id = $1 AND handle = 'demo-bottle'`,
      [a.id],
    );
    expect((await get(`/api/webtoprint/${id}`)).status).toBe(202);
    const narrower = await ready(`/api/webtoprint/${id}`);
    expect(narrower.status).toBe(303);
    expect([defaults, wider.headers.location]).not.toContain(narrower.headers.location);
  }, 120_000);
});
