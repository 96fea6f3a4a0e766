import { createHash } from 'node:crypto';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { asCaller, listPath, savedAssetFor } from '../factories/saved-assets';
import { createTestApp, TestApp } from '../setup/test-app';

const ORG = 'ORG:LONG';
const MAX = 700;

/**
 * Issue 24 M3: a list without pageSize was one text of every item (8,000 items: 28.5 MB and
 * 255 ms of event loop). Beyond SAVED_ASSET_LIST_MAX it is refused (page it); beyond a page it
 * is spooled and streamed, with the same bytes, ETag and 304 as before.
 */
describe('Saved assets: long lists without pageSize (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;

  const list = (query = '') =>
    request(t.http)
      .get(`${listPath(admin.handle, ORG)}${query}`)
      .set(asCaller(admin));

  /** `n` more saved assets of the organization, copies of `of` (one statement, not n uploads). */
  const copies = (of: number, n: number) =>
    t.dataSource.query(
      `INSERT INTO saved_uploaded_asset (client_id, uploaded_asset_id, organization_identifier,
         client_account_reference, user_facing_file_name, created_at, last_modified_at)
       SELECT client_id, uploaded_asset_id, organization_identifier, client_account_reference,
         'copy-' || g, created_at - g * interval '1 second', last_modified_at - g * interval '1 second'
       FROM saved_uploaded_asset, generate_series(1, $2) g WHERE id = $1`,
      [of, n],
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { SAVED_ASSET_LIST_MAX: String(MAX) } });
    admin = await createClient(t.app, { role: Role.Admin });
    const first = await savedAssetFor(t, admin, ORG);
    await copies(first, 600);
  });
  afterAll(() => t.close());

  it('streams a list longer than a page: the items of every page, its hash as ETag, 304 and gzip', async () => {
    const plain = await list().set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.body.paging).toEqual({
      totalRecords: 601,
      pageCount: 1,
      page: 1,
      pageSize: 601,
    });
    const pages = [await list('?pageSize=500'), await list('?pageSize=500&page=2')];
    const paged = pages.flatMap((p) => p.body.contents as unknown[]);
    expect(plain.body.contents).toEqual(paged);
    expect(plain.body.data).toEqual(paged);
    expect(plain.headers.etag).toBe(`"${plain.body.hash}"`);
    // The hash digests the rest of the envelope, as a page's does.
    const { hash, data, ...rest } = plain.body as Record<string, unknown>;
    expect(data).toBeDefined();
    expect(hash).toBe(createHash('md5').update(JSON.stringify(rest)).digest('base64'));
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));

    // Gzip is compressed while it is sent: chunked, no length known in advance.
    const zipped = await list().set('Accept-Encoding', 'gzip');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-length']).toBeUndefined();
    expect(zipped.headers['transfer-encoding']).toBe('chunked');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.body).toEqual(plain.body);

    const again = await list().set('If-None-Match', plain.headers.etag);
    expect(again.status).toBe(304);
  });

  it('refuses a list without pageSize longer than SAVED_ASSET_LIST_MAX, naming both, and pages it', async () => {
    const [row] = await t.dataSource.query<{ id: number }[]>(
      `SELECT min(id) AS id FROM saved_uploaded_asset WHERE organization_identifier = $1`,
      [ORG],
    );
    await copies(row.id, 100);
    // A change of the library drops cached answers on notice; this insert went around the API.
    const res = await list('?sortOrder=Newest');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(
      `The list has 701 items, more than the ${MAX} a list without pageSize may hold (SAVED_ASSET_LIST_MAX): page it with pageSize (at most 500) and page.`,
    );
    const page = await list('?sortOrder=Newest&pageSize=500&page=2');
    expect(page.status).toBe(200);
    expect(page.body.contents).toHaveLength(201);
  });
});
