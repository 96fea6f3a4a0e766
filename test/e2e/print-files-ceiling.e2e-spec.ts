import { PDFDocument } from '@cantoo/pdf-lib';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { workerPool } from '../../src/common/workers/worker-pool';
import { DemoService } from '../../src/demo';
import { UNWEIGHED_IMAGE_BYTES } from '../../src/common/scheduling/memory-budget';
import { WorkPools } from '../../src/common/scheduling/work-pools';
import { uploadImage } from '../factories/catalog';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { bytesParser, unzip } from '../support/zip';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MB = 1024 * 1024;

/**
 * A proof at the cost ceiling (issue 38): two 400 × 400 mm images on each 300 × 400 mm location of
 * the demo tee (the parts on the page: 34.7 million pixels a location, under PRINT_MAX_IMAGE_PIXELS)
 * is made with its PDFs drawn and serialised, its files hashed and zipped in worker threads, under
 * the process's print memory budget; the files, the manifest's checksums and the ZIP agree.
 */
describe('Print files at the cost ceiling (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  const tasks: string[] = [];
  const weights: number[] = [];

  const get = (path: string) => request(t.http).get(path).set('SERVICE_API_TOKEN', a.token);
  const download = async (url: string): Promise<Buffer> => {
    const res = await request(t.http)
      .get(url.replace('http://api.test', ''))
      .buffer(true)
      .parse(bytesParser);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true' } });
    a = await createClient(t.app, { role: Role.Admin });
    await t.app.get(DemoService).installCatalog(a.handle);
    const pool = workerPool();
    const run = pool.run.bind(pool);
    jest.spyOn(pool, 'run').mockImplementation((task, arg, options) => {
      tasks.push(task.name);
      return run(task, arg, options);
    });
    const budget = t.app.get(WorkPools).memory;
    const hold = budget.run.bind(budget);
    jest.spyOn(budget, 'run').mockImplementation((bytes, task) => {
      weights.push(bytes);
      return hold(bytes, task);
    });
  });
  afterAll(() => t.close());

  it('makes the files of a ceiling design off the event loop, their checksums right', async () => {
    const photo = sharp({
      create: { width: 400, height: 400, channels: 3, background: '#1e88e5' },
    });
    const art = await uploadImage(t, a, await photo.png().toBuffer());
    const image = (at: number) => ({
      type: 'image',
      uploadedAssetId: art,
      x: at,
      y: at,
      width: 400,
      height: 400,
      rotation: 0,
    });
    const elements = [image(0), image(5)];
    const created = await request(t.http)
      .post('/api/recipesets')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ productHandle: 'demo-tee', design: { front: { elements }, back: { elements } } });
    expect(created.status).toBe(201);
    const id = created.body.data.readableId as string;

    let res = await get(`/api/webtoprint/${id}`);
    for (let i = 0; i < 1200 && res.status === 202; i++) {
      await new Promise((r) => setTimeout(r, 250));
      res = await get(`/api/webtoprint/${id}`);
    }
    expect(res.status).toBe(303);

    // Each PDF drawn and serialised in a worker thread, the package made in one.
    expect(tasks.filter((n) => n === 'drawPdf')).toHaveLength(2);
    expect(tasks.filter((n) => n === 'packFiles')).toHaveLength(1);
    // The job was weighed by the cost model: about half a gigabyte, more than the whole budget
    // (so it ran alone); the upload before it was too small to be weighed.
    const weighed = weights.filter((w) => w >= UNWEIGHED_IMAGE_BYTES);
    expect(weighed).toHaveLength(1);
    expect(weighed[0] / MB).toBeGreaterThan(400);

    const files = await unzip(await download(res.headers.location));
    expect([...files.keys()].sort()).toEqual(
      [
        `${id}-back.pdf`,
        `${id}-back.png`,
        `${id}-front.pdf`,
        `${id}-front.png`,
        'manifest.json',
      ].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as {
      locations: { handle: string; files: { name: string; sha256: string; bytes: number }[] }[];
    };
    expect(manifest.locations.map((l) => l.handle)).toEqual(['front', 'back']);
    for (const location of manifest.locations)
      for (const file of location.files) {
        const bytes = files.get(file.name)!;
        expect(file.sha256).toBe(sha256(bytes));
        expect(file.bytes).toBe(bytes.length);
      }

    // The location's stored PDF is the one in the ZIP; it has one page; the PNG is the print area.
    const front = await get(`/api/webtoprint/${id}/location/front`);
    expect(front.status).toBe(303);
    const stored = await download(front.headers.location);
    expect(sha256(stored)).toBe(sha256(files.get(`${id}-front.pdf`)!));
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
    expect(await sharp(files.get(`${id}-front.png`)).metadata()).toMatchObject({
      width: 3543,
      height: 4724,
      density: 300,
    });
  }, 600_000);
});
