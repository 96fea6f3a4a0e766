import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DirectoryBlobStore } from '../../src/common/storage/directory-blob-store';
import { BlobInfo, BlobStore, PutOptions } from '../../src/common/storage/blob-store';
import { AppConfig } from '../../src/config/app-config';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';

/** The directory store, whose writes of renders wait until the test opens the gate. */
class GatedStore extends DirectoryBlobStore {
  readonly renderPuts: string[] = [];
  private open!: () => void;
  private gate = new Promise<void>((resolve) => (this.open = resolve));

  release(): void {
    this.open();
  }

  override async put(key: string, bytes: Buffer, options?: PutOptions): Promise<BlobInfo> {
    if (key.startsWith('renders/')) {
      this.renderPuts.push(key);
      await this.gate;
    }
    return super.put(key, bytes, options);
  }
}

describe('Render limits (HTTP)', () => {
  let t: TestApp;
  let store: GatedStore;
  let a: TestClient;
  let tee: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { RENDER_TIMEOUT_MS: '1000' },
      override: (builder) =>
        builder.overrideProvider(BlobStore).useFactory({
          inject: [AppConfig],
          factory: (config: AppConfig) => (store = new GatedStore(join(config.dataDir, 'blobs'))),
        }),
    });
    a = await createClient(t.app, { role: Role.User });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    [{ readableId: tee }] = await demo.createRecipeSets(a.handle, { count: 1 });
  });
  afterAll(async () => {
    store.release();
    await t.close();
  });

  it('answers 503 with Retry-After past RENDER_TIMEOUT_MS; the render goes on, once, for the retry', async () => {
    const get = () => request(t.http).get(`${BASE}/${tee}/north`).set('SERVICE_API_TOKEN', a.token);
    const [first, second] = await Promise.all([get(), get()]);
    for (const res of [first, second]) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({
        status: 503,
        detail: expect.stringMatching(/^The render took longer than 1000 ms/),
      });
    }
    // Once drawn (however long that takes on this machine), the render waits to be stored; a
    // retry now joins it rather than drawing again.
    while (store.renderPuts.length === 0) await sleep(20);
    const retry = get().then((res) => res); // sent now (a supertest request starts when awaited)
    await sleep(100);
    store.release();
    const done = await retry;
    expect(done.status).toBe(302);
    expect(store.renderPuts).toHaveLength(1);
    expect(done.headers.location).toContain(store.renderPuts[0]);
    expect((await get()).headers.location).toBe(done.headers.location);
    expect(store.renderPuts).toHaveLength(1);
  });
});
