import { randomBytes } from 'node:crypto';
import { blobStoreContract, StoreUnderTest } from '../../../test/support/blob-store-contract';
import { startS3Server, TestS3Server } from '../../../test/support/s3-server';
import { BlobKeys } from './blob-keys';
import { IMMUTABLE_CACHE_CONTROL } from './blob-store';
import { S3BlobStore } from './s3-blob-store';
import { sha256 } from '../../../test/support/sha256';
import type { S3Settings } from '../settings/section-settings';

function openStore(settings: S3Settings): Promise<StoreUnderTest> {
  const store = new S3BlobStore(settings);
  return Promise.resolve({ store, close: () => Promise.resolve(store.onModuleDestroy()) });
}

/** The same contract as the directory store, against a real S3-compatible server (s3rver). */
describe('S3BlobStore', () => {
  let server: TestS3Server;

  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server?.close());

  describe('without a prefix', () => {
    blobStoreContract(() => openStore(server.settings()));
  });

  describe('with S3_PREFIX', () => {
    blobStoreContract(() => openStore(server.settings('tenant-a/blobs/')));
  });

  describe('objects in the bucket', () => {
    const keys = new BlobKeys(randomBytes(32));
    let store: S3BlobStore;
    beforeAll(() => {
      store = new S3BlobStore(server.settings('p/'));
    });
    afterAll(() => store.onModuleDestroy());

    it('sit under the prefix with the content type and an immutable Cache-Control', async () => {
      const bytes = randomBytes(40);
      const key = keys.forContent('uploads', 'c', sha256(bytes), 'webp');
      await store.put(key, bytes);
      const object = await fetch(`${server.endpoint}/${server.bucket}/p/${key}`);
      expect(object.status).toBe(200);
      expect(object.headers.get('content-type')).toBe('image/webp');
      expect(object.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(Buffer.from(await object.arrayBuffer()).equals(bytes)).toBe(true);
      expect((await fetch(`${server.endpoint}/${server.bucket}/${key}`)).status).toBe(404);
    });

    it('are not visible to a store with another prefix', async () => {
      const bytes = randomBytes(10);
      const key = keys.forContent('uploads', 'c', sha256(bytes), 'png');
      await store.put(key, bytes);
      const other = new S3BlobStore(server.settings('q/'));
      try {
        expect(await other.stat(key)).toBeUndefined();
      } finally {
        other.onModuleDestroy();
      }
    });

    it('need the bucket: a missing one is an error, not an absent blob', async () => {
      const lost = new S3BlobStore({ ...server.settings(), bucket: 'no-such-bucket' });
      try {
        await expect(lost.get(keys.forInputs('renders', { a: 1 }, 'png'))).rejects.toThrow();
      } finally {
        lost.onModuleDestroy();
      }
    });
  });

  it('fails (rather than answers absent) when the server is unreachable', async () => {
    const store = new S3BlobStore({ ...server.settings(), endpoint: 'http://127.0.0.1:9' });
    try {
      await expect(
        store.stat(new BlobKeys(randomBytes(32)).forInputs('x', 1, 'png')),
      ).rejects.toThrow();
    } finally {
      store.onModuleDestroy();
    }
  });
});
