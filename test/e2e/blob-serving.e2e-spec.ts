import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { BlobKeys } from '../../src/common/storage/blob-keys';
import { BlobStore } from '../../src/common/storage/blob-store';
import { DirectoryBlobStore } from '../../src/common/storage/directory-blob-store';
import { S3BlobStore } from '../../src/common/storage/s3-blob-store';
import { startS3Server, TestS3Server } from '../support/s3-server';
import { createTestApp, TestApp } from '../setup/test-app';
import { sha256 } from '../support/sha256';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** supertest gives a binary body as a Buffer only with a parser that collects it. */
function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The `/cdn` contract, run with each store. */
function blobServing(
  open: () => Promise<TestApp>,
  store: new (...args: never[]) => BlobStore,
): void {
  let t: TestApp;
  let keys: BlobKeys;
  let bytes: Buffer;
  let key: string;
  let etag: string;

  beforeAll(async () => {
    t = await open();
    keys = t.app.get(BlobKeys);
    bytes = randomBytes(2048);
    key = keys.forContent('uploads', 'client-1', sha256(bytes), 'png');
    etag = (await t.app.get(BlobStore).put(key, bytes)).etag;
  });
  afterAll(() => t?.close());

  it('uses the configured store', () => {
    expect(t.app.get(BlobStore)).toBeInstanceOf(store);
  });

  const get = (path: string) => request(t.http).get(path).buffer(true).parse(binary);

  it('serves a blob without a token, with its type, ETag and immutable caching', async () => {
    const res = await get(`/cdn/${key}`);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '2048',
      etag,
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
    });
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it('sandboxes blobs so that an uploaded file never runs as a page of ours', async () => {
    const res = await get(`/cdn/${key}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';.*\bsandbox$/);
    // Storefronts embed blobs in their own pages.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves each type from its key, JSON and text included', async () => {
    const json = Buffer.from('{"a":1}');
    const jsonKey = keys.forInputs('renders', { json: true }, 'json');
    const text = Buffer.from('<script>alert(1)</script>');
    const textKey = keys.forContent('uploads', 'client-1', sha256(text), 'txt');
    const store = t.app.get(BlobStore);
    await store.put(jsonKey, json);
    await store.put(textKey, text);
    const a = await get(`/cdn/${jsonKey}`);
    expect(a.headers['content-type']).toBe('application/json');
    expect((a.body as Buffer).equals(json)).toBe(true);
    const b = await get(`/cdn/${textKey}`);
    expect(b.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(b.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await request(t.http).head(`/cdn/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '2048',
      etag,
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(res.text ?? '').toBe('');
  });

  it('answers 304 to If-None-Match with the ETag, and the blob to another tag', async () => {
    const res = await get(`/cdn/${key}`).set('If-None-Match', `"x", ${etag}`);
    expect(res.status).toBe(304);
    expect((res.body as Buffer).length).toBe(0);
    expect(res.headers).toMatchObject({ etag, 'cache-control': IMMUTABLE });
    expect((await get(`/cdn/${key}`).set('If-None-Match', '"x"')).status).toBe(200);
    expect((await request(t.http).head(`/cdn/${key}`).set('If-None-Match', etag)).status).toBe(304);
  });

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=100-199', 100, 199],
    ['bytes=2000-', 2000, 2047],
    ['bytes=-48', 2000, 2047],
    ['bytes=2040-9999', 2040, 2047],
  ])('answers Range %s with 206 and bytes %i-%i', async (range, start, end) => {
    const res = await get(`/cdn/${key}`).set('Range', range);
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/2048`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect((res.body as Buffer).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers several ranges, a malformed one or a stale If-Range with the whole blob', async () => {
    for (const [name, value] of [
      ['Range', 'bytes=0-9,100-109'],
      ['Range', 'bytes=oops'],
    ]) {
      const res = await get(`/cdn/${key}`).set(name, value);
      expect(res.status).toBe(200);
      expect((res.body as Buffer).equals(bytes)).toBe(true);
    }
    const stale = await get(`/cdn/${key}`).set('Range', 'bytes=0-9').set('If-Range', '"old"');
    expect(stale.status).toBe(200);
    const fresh = await get(`/cdn/${key}`).set('Range', 'bytes=0-9').set('If-Range', etag);
    expect(fresh.status).toBe(206);
  });

  it('answers 416 with the size to a range beyond the end', async () => {
    const res = await request(t.http).get(`/cdn/${key}`).set('Range', 'bytes=2048-');
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */2048');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('The range "bytes=2048-" is not satisfiable: the blob has 2048 bytes.');
  });

  it('answers 404 in text, never cached, for an unknown key', async () => {
    const unknown = keys.forContent(
      'uploads',
      'client-1',
      sha256(Buffer.from('never stored')),
      'png',
    );
    for (const res of [
      await request(t.http).get(`/cdn/${unknown}`),
      await request(t.http).get(`/cdn/${key.replace(/\.png$/, '.webp')}`),
      await request(t.http).head(`/cdn/${unknown}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    expect((await request(t.http).get(`/cdn/${unknown}`)).text).toBe(
      `No blob is stored at "${unknown}".`,
    );
  });

  it.each([
    ['a path that is no key', '/cdn/uploads/ab/cd.png'],
    ['too few segments', '/cdn/uploads'],
    ['too many segments', '/cdn/x/uploads/ab/cd.png'],
    ['an unknown extension', '/cdn/uploads/aa/' + 'a'.repeat(64) + '.exe'],
    ['a traversal', '/cdn/../../etc/passwd'],
    ['a traversal inside', '/cdn/uploads/../../../etc/passwd'],
    ['an encoded traversal', '/cdn/uploads/%2e%2e/%2e%2e%2fetc%2fpasswd'],
    ['encoded slashes', '/cdn/..%2F..%2F..%2Fetc%2Fpasswd'],
    ['a backslash traversal', '/cdn/uploads/..%5C..%5Cpackage.json'],
    ['a NUL byte', '/cdn/uploads/aa/a%00.png'],
  ])('answers 404 in text to %s', async (_what, path) => {
    const res = await request(t.http).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toMatch(/^No blob is stored at ".*"\.$/);
    expect(res.text).not.toContain('root:');
  });

  it('needs no token but ignores an invalid one', async () => {
    const res = await get(`/cdn/${key}`).set('SERVICE_API_TOKEN', 'not-a-token');
    expect(res.status).toBe(200);
  });
}

describe('Blob serving under /cdn (HTTP)', () => {
  describe('from the directory store (default)', () => {
    blobServing(() => createTestApp(), DirectoryBlobStore);
  });

  describe('from an S3 bucket (BLOB_STORE=s3, s3rver)', () => {
    let s3: TestS3Server;
    beforeAll(async () => {
      s3 = await startS3Server();
    });
    afterAll(() => s3?.close());

    blobServing(() => createTestApp({ env: s3.env('pci/') }), S3BlobStore);
  });

  describe('when the bucket is unreachable', () => {
    let t: TestApp;
    const SECRET = 'unreachable-secret-access-key-0123456789';
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          BLOB_STORE: 's3',
          S3_BUCKET: 'blobs',
          S3_ENDPOINT: 'http://127.0.0.1:9',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'unreachable-access-key-id',
          S3_SECRET_ACCESS_KEY: SECRET,
        },
      });
    });
    afterAll(() => t?.close());

    it('answers 503 (to retry later) and logs the cause without the credentials', async () => {
      const key = t.app.get(BlobKeys).forInputs('renders', { n: 1 }, 'png');
      const res = await request(t.http).get(`/cdn/${key}`).set('X-Request-Id', 'blob-503');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({
        status: 503,
        code: 'BLOB_STORE_UNAVAILABLE',
        detail: 'The blob store is unavailable; retry the request later.',
      });
      expect(res.headers['cache-control']).toBe('no-store');
      const logs = t.logs();
      expect(logs).toMatch(/"requestId":"blob-503".*"blob store failed"/);
      expect(logs).not.toContain(SECRET);
      expect(logs).not.toContain('unreachable-access-key-id');
      // The key is the capability of a private blob: the request log names the namespace only.
      expect(logs).toContain('"url":"/cdn/renders/[key]"');
      expect(logs).not.toContain(key.slice(key.lastIndexOf('/') + 1, -4));
    });
  });
});
