import { writeFile } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { WorkerPool } from '../../src/common/workers/worker-pool';
import { DemoService } from '../../src/demo';
import { SpecificationService } from '../../src/web-to-print';
import { createClient, TestClient } from '../factories/clients';
import { line, order, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { bytesParser } from '../support/zip';

/**
 * Heavy work stays off the event loop (issue 24, H4 and H5): a cold render's pixel loops run in
 * the worker pool, and the specification PDF is built once per design version and order state,
 * then served from the blob store.
 */
describe('Heavy work off the event loop (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let tee: string;

  const get = (path: string) => request(t.http).get(path).set('SERVICE_API_TOKEN', a.token);
  const sheet = (id: string) =>
    get(`/${a.handle}/specification/${id}/pdf/`).buffer(true).parse(bytesParser);

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'false' } });
    a = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    [{ readableId: tee }] = await demo.createRecipeSets(a.handle, { count: 1 });
  });
  afterAll(() => t.close());

  it('draws a cold render’s blend modes, clipping and shading in worker threads', async () => {
    const pool = t.app.get(WorkerPool);
    const before = pool.completed;
    const res = await get(
      `/api/assets/generated/recipeset/readable/${tee}/north?width=300&useCache=false`,
    );
    expect(res.status).toBe(200);
    // The demo tee: a multiply shading layer, and a design clipped by the body and shaded.
    expect(pool.completed - before).toBeGreaterThanOrEqual(3);
  });

  it('builds the specification PDF once per design version and order state', async () => {
    const specs = t.app.get(SpecificationService);
    const [first, second] = await Promise.all([sheet(tee), sheet(tee)]);
    expect(first.status).toBe(200);
    if (process.env.PRINT_FILES_OUT)
      await writeFile(`${process.env.PRINT_FILES_OUT}/specification.pdf`, first.body as Buffer);
    const built = specs.built;
    expect(built).toBe(1); // the two concurrent first requests built it once
    expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);
    const third = await sheet(tee);
    expect((third.body as Buffer).equals(first.body as Buffer)).toBe(true);
    expect(specs.built).toBe(built); // a lookup, not a rebuild
    expect((await PDFDocument.load(third.body as Buffer)).getPageCount()).toBe(2);

    // An order changes what the sheet shows (its number, SKUs and quantities): a new sheet.
    await ordersApi(t, a)
      .ack(order('SPEC-1', [line(tee, 'DEMO-TEE-WHT-M', 3)]))
      .expect(200);
    const ordered = await sheet(tee);
    expect(ordered.status).toBe(200);
    expect(specs.built).toBe(built + 1);
    expect((ordered.body as Buffer).equals(first.body as Buffer)).toBe(false);
    expect((await sheet(tee)).body).toEqual(ordered.body);
    expect(specs.built).toBe(built + 1);
  });
});
