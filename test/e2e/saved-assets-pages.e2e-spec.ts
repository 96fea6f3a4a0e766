import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import {
  addJob,
  asCaller,
  listPath,
  reportJob,
  SAVED_PATH,
  savedAssetFor,
  uploadFor,
} from '../factories/saved-assets';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';

const clock = new ManualClock(Date.now() + 86_400_000);
const ORG = 'ORG:PAGES';

interface Item {
  id: number | null;
  uploadedAssetId: number;
  productionJobs: { id: number; status: string }[];
}

/**
 * List pages are kept encoded (gzipped) until their library changes: how they are answered, and
 * that every kind of change shows at once.
 */
describe('Saved assets: encoded list pages (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let first: number;

  const list = (query = '', include?: string) =>
    request(t.http)
      .get(`${listPath(admin.handle, ORG, include)}${query}`)
      .set(asCaller(admin));
  const items = (res: request.Response) => res.body.contents as Item[];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await createClient(t.app, { role: Role.Admin });
    first = await savedAssetFor(t, admin, ORG);
    clock.advance(1000);
    await savedAssetFor(t, admin, ORG);
  });
  afterAll(() => t.close());

  it('gzips a page for callers that accept it (the same JSON and ETag), and sends text to others', async () => {
    const plain = await list('?pageSize=50').set('Accept-Encoding', 'identity');
    const zipped = await list('?pageSize=50').set('Accept-Encoding', 'br, gzip;q=0.5');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, zipped]) {
      expect(res.status).toBe(200);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.body).toEqual(plain.body);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    const head = await request(t.http)
      .head(listPath(admin.handle, ORG))
      .set(asCaller(admin))
      .set('Accept-Encoding', 'identity');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBeDefined();
  });

  it('shows a saved asset, a job, a report, a deactivation and an upload at once', async () => {
    const page = () => list('?pageSize=1');
    const before = await page();
    expect((await page().set('If-None-Match', before.headers.etag)).status).toBe(304);

    clock.advance(1000);
    const added = await savedAssetFor(t, admin, ORG);
    expect(items(await page()).map((i) => i.id)).toEqual([added]);

    clock.advance(1000);
    const job = await addJob(t, admin, first, { providerHandle: 'stitchco' });
    expect(job.status).toBe(201);
    expect(items(await page())[0]).toMatchObject({
      id: first,
      productionJobs: [{ status: 'Submitted' }],
    });

    clock.advance(1000);
    expect((await reportJob(t, admin, job.body.data.id, { status: 'Completed' })).status).toBe(200);
    expect(items(await page())[0].productionJobs[0].status).toBe('Completed');

    await request(t.http).delete(`${SAVED_PATH}/${first}`).set(asCaller(admin)).expect(204);
    expect(items(await list()).map((i) => i.id)).not.toContain(first);

    const withUploads = () => list('?sortOrder=Newest', 'true');
    expect(items(await withUploads()).length).toBe(2);
    clock.advance(1000);
    const upload = await uploadFor(t, admin, ORG, 'fresh.png');
    expect(items(await withUploads())).toContainEqual(
      expect.objectContaining({ id: null, uploadedAssetId: upload }),
    );
  });
});
