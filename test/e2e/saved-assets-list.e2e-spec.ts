import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, createToken, TestClient } from '../factories/clients';
import {
  addJob,
  asCaller,
  listPath,
  SAVED_PATH,
  savedAssetFor,
  uploadFor,
} from '../factories/saved-assets';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';

const clock = new ManualClock(Date.now() + 86_400_000);
const ORG = 'ORG-L';

interface Item {
  id: number | null;
  uploadedAssetId: number;
  userFacingFileName: string;
  lastModification: string;
  uploadedAsset?: Record<string, unknown>;
}

/** The list routes and GET by id: every parameter, both path forms, paging, ETag, tenancy. */
describe('Saved assets: reads (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let reader: TestClient;
  let other: TestClient;
  let service: TestClient;
  /** Bravo (job Embroidery by wilcom, last), alpha (no job), Charlie (job Print by PrintCo). */
  let bravo: number;
  let alpha: number;
  let charlie: number;
  let plainUpload: number;

  const list = (c: TestClient, query = '', include?: string, handle = admin.handle) =>
    request(t.http)
      .get(`${listPath(handle, ORG, include)}${query}`)
      .set(asCaller(c));
  const ids = (res: request.Response) => (res.body.contents as Item[]).map((i) => i.id);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await createClient(t.app, { role: Role.Admin });
    reader = { ...admin, token: await createToken(t.app, admin.handle, Role.User) };
    other = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    const save = async (name: string) => {
      clock.advance(1000);
      return savedAssetFor(t, admin, ORG, { userFacingFileName: name });
    };
    bravo = await save('Bravo.png');
    alpha = await save('alpha.png');
    charlie = await save('Charlie.png');
    clock.advance(1000);
    await addJob(t, admin, charlie, { providerHandle: 'PrintCo', embellishmentType: 'Print' });
    clock.advance(1000);
    await addJob(t, admin, bravo, { providerHandle: 'wilcom', embellishmentType: 'Embroidery' });
    const gone = await save('gone.png');
    await request(t.http).delete(`${SAVED_PATH}/${gone}`).set(asCaller(admin));
    await savedAssetFor(t, admin, 'ORG-ELSEWHERE');
    await savedAssetFor(t, other, ORG);
    plainUpload = await uploadFor(t, admin, ORG, 'plain.png');
  });
  afterAll(() => t.close());

  it('lists active assets, RecentlyUsed first, in the spec envelope with paging off', async () => {
    const res = await list(reader);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([bravo, charlie, alpha]);
    const body = res.body;
    expect(body.data).toEqual(body.contents);
    expect(body).toMatchObject({
      error: null,
      apiVersion: '1.0.0',
      paging: { totalRecords: 3, pageCount: 1, page: 1, pageSize: 3 },
      lastModification: body.contents[0].lastModification,
    });
    expect(body.hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.headers.etag).toBe(`"${body.hash}"`);
    expect(body.contents[0]).toMatchObject({
      hasProductionJob: true,
      productionJobs: [{ providerHandle: 'wilcom', embellishmentType: 'Embroidery' }],
    });
    expect(body.contents[0].uploadedAsset).toBeUndefined();
    expect(body.contents[0].metaData.Url).toBe(body.contents[0].uploadedAssetUri);
  });

  it('sorts by each order (any case); an unknown one is 400 naming the allowed values', async () => {
    expect(ids(await list(reader, '?sortOrder=RecentlyUsed'))).toEqual([bravo, charlie, alpha]);
    expect(ids(await list(reader, '?sortOrder=Newest'))).toEqual([charlie, alpha, bravo]);
    expect(ids(await list(reader, '?sortOrder=oldest'))).toEqual([bravo, alpha, charlie]);
    expect(ids(await list(reader, '?sortOrder=NAME'))).toEqual([alpha, bravo, charlie]);
    const bad = await list(reader, '?sortOrder=Popular');
    expect({ status: bad.status, text: bad.text }).toEqual({
      status: 400,
      text: 'Invalid request: sortOrder must be one of: RecentlyUsed, Newest, Oldest, Name.',
    });
  });

  it('pages: pageSize 1, a page past the end, page without pageSize, limits', async () => {
    const second = await list(reader, '?pageSize=1&page=2');
    expect(ids(second)).toEqual([charlie]);
    expect(second.body.paging).toEqual({ totalRecords: 3, pageCount: 3, page: 2, pageSize: 1 });
    const first = await list(reader, '?pageSize=2');
    expect(ids(first)).toEqual([bravo, charlie]);
    expect(first.body.paging).toEqual({ totalRecords: 3, pageCount: 2, page: 1, pageSize: 2 });
    const past = await list(reader, '?pageSize=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body.contents).toEqual([]);
    expect(past.body.paging).toEqual({ totalRecords: 3, pageCount: 2, page: 9, pageSize: 2 });
    const ignored = await list(reader, '?page=5');
    expect(ids(ignored)).toEqual([bravo, charlie, alpha]);
    expect(ignored.body.paging.page).toBe(1);
    for (const q of ['?pageSize=501', '?pageSize=0', '?page=0&pageSize=1', '?pageSize=x']) {
      const res = await list(reader, q);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
    }
    expect((await list(reader, '?pageSize=501')).text).toBe(
      'Invalid request: pageSize must not be greater than 500.',
    );
  });

  it('filters by service and embellishmentType, in any case; both must match one job', async () => {
    expect(ids(await list(reader, '?service=WILCOM'))).toEqual([bravo]);
    expect(ids(await list(reader, '?embellishmentType=print'))).toEqual([charlie]);
    expect(ids(await list(reader, '?service=printco&embellishmentType=PRINT'))).toEqual([charlie]);
    const none = await list(reader, '?service=wilcom&embellishmentType=Print');
    expect(none.body.contents).toEqual([]);
    expect(none.body.paging.totalRecords).toBe(0);
  });

  it('embeds the whole upload with includeUploadedAssets=true (query), without plain uploads', async () => {
    const res = await list(reader, '?includeUploadedAssets=true');
    expect(ids(res)).toEqual([bravo, charlie, alpha]);
    const upload = (res.body.contents as Item[])[0].uploadedAsset;
    expect(upload).toMatchObject({
      id: res.body.contents[0].uploadedAssetId,
      uri: res.body.contents[0].uploadedAssetUri,
      mimeType: 'image/png',
      organizationIdentifier: ORG,
    });
    expect(upload).toEqual(
      expect.objectContaining({ width: expect.any(Number), bytes: expect.any(Number) }),
    );
  });

  it('path form: true adds the uploads never saved (id null) and embeds; false does neither', async () => {
    const withPlain = await list(reader, '', 'true');
    expect(withPlain.status).toBe(200);
    const items = withPlain.body.contents as Item[];
    expect(items).toHaveLength(4);
    const plain = items.filter((i) => i.id === null);
    expect(plain.map((i) => i.uploadedAssetId)).toEqual([plainUpload]);
    expect(plain[0]).toMatchObject({
      userFacingFileName: 'plain.png',
      productionJobs: [],
      hasProductionJob: false,
    });
    expect(items.every((i) => i.uploadedAsset !== undefined)).toBe(true);
    expect(withPlain.body.paging.totalRecords).toBe(4);
    const named = await list(reader, '?sortOrder=Name', 'TRUE');
    expect((named.body.contents as Item[]).map((i) => i.userFacingFileName)).toEqual([
      'alpha.png',
      'Bravo.png',
      'Charlie.png',
      'plain.png',
    ]);
    const paged = await list(reader, '?pageSize=3&page=2&sortOrder=Oldest', 'true');
    expect((paged.body.contents as Item[]).map((i) => i.uploadedAssetId).length).toBe(1);
    const filtered = await list(reader, '?service=wilcom', 'true');
    expect(ids(filtered)).toEqual([bravo]);
    const without = await list(reader, '?includeUploadedAssets=true', 'false');
    expect(ids(without)).toEqual([bravo, charlie, alpha]);
    expect((without.body.contents as Item[])[0].uploadedAsset).toBeUndefined();
    const bad = await list(reader, '', 'maybe');
    expect({ status: bad.status, text: bad.text }).toEqual({
      status: 400,
      text: 'Invalid request: includeUploadedAssets must be true or false.',
    });
  });

  it('answers 304 to If-None-Match with the ETag, and 200 with a new one after a change', async () => {
    const first = await list(reader, '?pageSize=2');
    const etag = first.headers.etag;
    const again = await list(reader, '?pageSize=2').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await list(reader, '?pageSize=2').set('If-None-Match', `"x", W/${etag}`)).status).toBe(
      304,
    );
    expect((await list(reader, '?pageSize=1').set('If-None-Match', etag)).status).toBe(200);
    clock.advance(1000);
    await addJob(t, admin, alpha, { providerHandle: 'p' });
    const changed = await list(reader, '?pageSize=2').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ids(changed)).toEqual([alpha, bravo]);
  });

  it('answers 200 with an empty array and totalRecords 0 when nothing matches', async () => {
    const res = await request(t.http)
      .get(listPath(admin.handle, 'NO-SUCH-ORG'))
      .set(asCaller(reader));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      contents: [],
      data: [],
      paging: { totalRecords: 0, pageCount: 0, page: 1, pageSize: 0 },
      lastModification: '1970-01-01T00:00:00.000Z',
    });
  });

  it('tenancy: another client in the path is 403; each client sees only its own; ServiceAdmin reads any', async () => {
    const foreign = await list(other);
    expect({ status: foreign.status, text: foreign.text }).toEqual({
      status: 403,
      text: expect.stringContaining(admin.handle),
    });
    const own = await list(other, '', undefined, other.handle);
    expect(own.body.paging.totalRecords).toBe(1);
    expect(own.body.contents[0].clientHandle).toBe(other.handle);
    const byService = await list(service);
    expect(ids(byService).length).toBeGreaterThanOrEqual(3);
    expect(byService.body.contents[0].clientHandle).toBe(admin.handle);
    expect((await list(service, '', undefined, 'no-such-client')).status).toBe(404);
  });

  it('answers with and without a trailing slash and in any case of the fixed segments', async () => {
    const path = listPath(admin.handle, ORG).replace('/organization/', '/Organization/');
    const res = await request(t.http).get(`${path}/?pageSize=1`).set(asCaller(reader));
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([alpha]);
  });

  describe('GET /api/assets/saved/{id}', () => {
    const get = (c: TestClient, id: number | string) =>
      request(t.http).get(`${SAVED_PATH}/${id}`).set(asCaller(c));

    it('reads one asset with its jobs and its whole upload', async () => {
      const res = await get(reader, bravo);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: bravo,
        userFacingFileName: 'Bravo.png',
        organizationIdentifier: ORG,
        hasProductionJob: true,
        uploadedAsset: { mimeType: 'image/png' },
      });
      expect((await get(service, bravo)).body.data.id).toBe(bravo);
    });

    it("answers 404 for another client's or an absent asset, 400 for a non-integer id", async () => {
      for (const id of [bravo, 2147483647]) {
        const res = await get(other, id);
        expect({ status: res.status, text: res.text }).toEqual({
          status: 404,
          text: `Saved asset ${id} was not found.`,
        });
      }
      const bad = await get(reader, 'abc');
      expect({ status: bad.status, text: bad.text }).toEqual({
        status: 400,
        text: 'Saved asset id "abc" is not an integer between -2147483648 and 2147483647.',
      });
    });
  });

  it('the demo seed fills a library with production jobs', async () => {
    const seeded = await t.app.get(DemoService).seed();
    const res = await request(t.http)
      .get(listPath('demo', 'DEMO-ORG'))
      .set('SERVICE_API_TOKEN', seeded.token!);
    expect(res.status).toBe(200);
    const items = res.body.contents as (Item & { productionJobs: { status: string }[] })[];
    expect(items.map((i) => i.userFacingFileName).sort()).toEqual([
      'event-logo.png',
      'mascot.png',
      'team-crest.png',
    ]);
    const crest = items.find((i) => i.userFacingFileName === 'team-crest.png')!;
    expect(crest.productionJobs[0]).toMatchObject({
      status: 'Completed',
      result: { threadCount: 12840, outputs: [{}, {}, {}] },
    });
  });
});
