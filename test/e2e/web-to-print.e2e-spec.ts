import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { JobQueue } from '../../src/common/jobs/job-queue';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { line, order, OrdersApi, ordersApi, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { bytesParser, unzip } from '../support/zip';

describe('Web-to-print (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let api: OrdersApi;

  const get = (path: string, client: TestClient = a) =>
    request(t.http).get(path).set('SERVICE_API_TOKEN', client.token);
  /**
   * Polls a web-to-print URL until it answers something other than 202, for up to 9 minutes: a
   * ceiling only a hung job reaches (the demo tee's print files took over 4 minutes in CI with
   * both lanes busy).
   */
  const ready = async (path: string, client: TestClient = a): Promise<request.Response> => {
    for (const deadline = Date.now() + 540_000; Date.now() < deadline;) {
      const res = await get(path, client);
      if (res.status !== 202) return res;
      expect(res.headers['retry-after']).toBe('3');
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${path} stayed 202`);
  };
  const designed = async (client: TestClient, product = 'demo-tee') =>
    (await t.app.get(DemoService).createRecipeSets(client.handle, { count: 1, product }))[0]
      .readableId;

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true' } });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    await t.app.get(DemoService).installCatalog(a.handle);
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('acknowledge, poll (202, then 303), download the ZIP: a PDF and a PNG per location and the manifest', async () => {
    const id = await designed(a);
    const ack = await api.ack(order('W2P-1', [line(id, 'DEMO-TEE-WHT-M', 2)], { priority: 4 }));
    expect(ack.status).toBe(200);
    const first = await get(`/api/webtoprint/${id}/`);
    expect([202, 303]).toContain(first.status);
    const res = await ready(`/api/webtoprint/${id}/`);
    expect(res.status).toBe(303);
    const location = res.headers.location;
    expect(location).toMatch(/^http:\/\/api\.test\/cdn\/print\/[0-9a-f]{2}\/[0-9a-f]{64}\.zip$/);
    const zip = await request(t.http)
      .get(location.replace('http://api.test', ''))
      .buffer(true)
      .parse(bytesParser);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = await unzip(zip.body as Buffer);
    expect([...files.keys()].sort()).toEqual(
      [
        `${id}-back.pdf`,
        `${id}-back.png`,
        `${id}-front.pdf`,
        `${id}-front.png`,
        'manifest.json',
      ].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({
      recipeSet: { readableId: id, designVersion: 1 },
      orderNumber: 'W2P-1',
      product: { handle: 'demo-tee' },
      items: [{ sku: 'DEMO-TEE-WHT-M', quantity: 2 }],
    });
    const pdf = await PDFDocument.load(files.get(`${id}-front.pdf`)!);
    expect(pdf.getPageCount()).toBe(1);
    expect(await sharp(files.get(`${id}-front.png`)).metadata()).toMatchObject({ density: 300 });

    // Text/plain: the URL; the UUID route and the location's PDF; the status moved on.
    const text = await get(`/api/webtoprint/${id}`).set('Accept', 'text/plain');
    expect(text.status).toBe(200);
    expect(text.text).toBe(location);
    const [{ id: uuid, status }] = await t.dataSource.query<{ id: string; status: string }[]>(
      'SELECT id, status FROM recipe_set WHERE readable_id = $1',
      [id],
    );
    expect(status).toBe('ProcessingWebToPrintCompleted');
    expect((await get(`/api/webtoprint/uuid/${uuid}`)).headers.location).toBe(location);
    const front = await get(`/api/webtoprint/${id}/location/FRONT`);
    expect(front.status).toBe(303);
    expect(front.headers.location).toMatch(/\.pdf$/);
    expect((await get(`/api/webtoprint/${id}/location/sleeve`)).status).toBe(404);
    const [{ delivered }] = await t.dataSource.query<{ delivered: Date | null }[]>(
      `SELECT delivered_to_factory_at AS delivered FROM purchase_order WHERE purchase_order_number = 'W2P-1'`,
    );
    expect(delivered).not.toBeNull();
  }, 600_000);

  it('proofs a recipe set not yet ordered (it stays Created), and checks the priority', async () => {
    const id = await designed(a, 'demo-bottle');
    expect((await get(`/api/webtoprint/${id}?priority=often`)).status).toBe(400);
    const res = await ready(`/api/webtoprint/${id}?priority=higher`);
    expect(res.status).toBe(303);
    const [{ status }] = await t.dataSource.query<{ status: string }[]>(
      'SELECT status FROM recipe_set WHERE readable_id = $1',
      [id],
    );
    expect(status).toBe('Created');
  });

  it('runs a priority-4 job before priority-1 jobs queued earlier', async () => {
    const refs = async (id: string) => {
      const [row] = await t.dataSource.query<{ id: string; version: number }[]>(
        'SELECT id, version FROM recipe_set WHERE readable_id = $1',
        [id],
      );
      return row;
    };
    const send = (r: { id: string; version: number }, priority: number) =>
      t.app
        .get(JobQueue)
        .send(
          'print-files',
          { recipeSetId: r.id, designVersion: r.version },
          { priority, singletonKey: `${r.id}:${r.version}` },
        );
    const busy = await refs(await designed(a));
    const queued = await Promise.all(
      [1, 2, 3, 4].map(async () => refs(await designed(a, 'demo-bottle'))),
    );
    // The one worker is busy with the first job while the others queue: three of priority 1, then one of 4.
    await send(busy, 2);
    for (let i = 0; i < 100; i++) {
      const [row] = await t.dataSource.query<{ status: string }[]>(
        'SELECT status FROM print_file_set WHERE recipe_set_id = $1',
        [busy.id],
      );
      if (row?.status === 'processing') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const [i, r] of queued.entries()) await send(r, i === 3 ? 4 : 1);
    const all = [busy, ...queued];
    // Every job has ended before the next test, which would otherwise wait behind them for the
    // worker threads; only a hang reaches the test's budget.
    for (;;) {
      const [{ n }] = await t.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM print_file_set WHERE recipe_set_id = ANY($1) AND status = 'ready'`,
        [all.map((r) => r.id)],
      );
      if (n === all.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const started = await t.dataSource.query<{ id: string }[]>(
      'SELECT recipe_set_id AS id FROM print_file_set WHERE recipe_set_id = ANY($1) ORDER BY started_at',
      [all.map((r) => r.id)],
    );
    expect(started.map((r) => r.id)).toEqual(
      [busy, queued[3], queued[0], queued[1], queued[2]].map((r) => r.id),
    );
    // Five print-file jobs one after another: a loaded 2-core machine can take past the default 120 s.
  }, 600_000);

  it('serves the placement specification PDF: a page per designed location, for its own client', async () => {
    const id = await designed(a);
    const res = await get(`/${a.handle}/specification/${id}/pdf/`).buffer(true).parse(bytesParser);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.body as Buffer);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe(`Placement specification ${id}`);
    expect((await get(`/${b.handle}/specification/${id}/pdf/`, b)).status).toBe(404);
    expect((await get(`/${a.handle}/specification/${id}/pdf/`, b)).status).toBe(403);
    expect((await get(`/${a.handle}/specification/ZZZZ2222/pdf`)).status).toBe(404);
    expect((await request(t.http).get(`/${a.handle}/specification/${id}/pdf`)).status).toBe(401);
  });

  it('counts and times the attempts in /metrics, and readiness reports the workers', async () => {
    const admin = await createClient(t.app, { role: Role.ServiceAdmin });
    const metrics = await get('/metrics', admin);
    expect(metrics.text).toMatch(
      /^jobs_finished_total\{name="print-files",outcome="completed"\} [1-9]\d*$/m,
    );
    expect(metrics.text).toMatch(
      /^job_duration_seconds_count\{name="print-files",outcome="completed"\} [1-9]/m,
    );
    expect((await request(t.http).get('/health/ready')).body.checks.workers).toBe('up');
  });

  it("answers 404 for another client's or an unknown recipe set, 403 on hold", async () => {
    const id = await designed(a);
    const foreign = await get(`/api/webtoprint/${id}`, b);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(`Recipe set ${id} was not found.`);
    expect((await get('/api/webtoprint/ZZZZ2222')).status).toBe(404);
    await t.dataSource.query(`UPDATE recipe_set SET status = 'OnHold' WHERE readable_id = $1`, [
      id,
    ]);
    const held = await get(`/api/webtoprint/${id}`);
    expect(held.status).toBe(403);
    expect(held.headers['content-type']).toMatch(TEXT_TYPE);
    expect(held.text).toBe(`Recipe set ${id} is OnHold: its print files are not available.`);
  });
});
