import { join } from 'node:path';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { BlobInfo, BlobStore, PutOptions } from '../../src/common/storage/blob-store';
import { DirectoryBlobStore } from '../../src/common/storage/directory-blob-store';
import { AppConfig } from '../../src/config/app-config';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { DEMO_BOTTLE_SKU, line, order } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { eventually } from '../support/webhooks';

/**
 * The directory store, whose writes of print files wait while the gate is shut: the job holding
 * the print worker stays active while the test queues others behind it.
 */
class GatedStore extends DirectoryBlobStore {
  waiting = 0;
  private open?: () => void;
  private gate: Promise<void> = Promise.resolve();

  shut(): void {
    this.gate = new Promise<void>((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
  }

  override async put(key: string, bytes: Buffer, options?: PutOptions): Promise<BlobInfo> {
    if (key.startsWith('print/')) {
      this.waiting++;
      await this.gate;
      this.waiting--;
    }
    return super.put(key, bytes, options);
  }
}

/**
 * The print queue takes clients in turn, and sandbox work after every live job (docs/architecture.md,
 * Workers): one print worker runs here, held on its first job while the others queue.
 */
describe('Print queue fairness (HTTP)', () => {
  let t: TestApp;
  let store: GatedStore;
  let a: TestClient;
  let b: TestClient;
  let s: TestClient;

  const designed = async (client: TestClient) =>
    (
      await t.app
        .get(DemoService)
        .createRecipeSets(client.handle, { count: 1, product: 'demo-bottle' })
    )[0].readableId;
  const get = (client: TestClient, id: string) =>
    request(t.http).get(`/api/webtoprint/${id}`).set('SERVICE_API_TOKEN', client.token);
  const acknowledge = async (client: TestClient, po: string, id: string, priority: string) => {
    const res = await request(t.http)
      .post('/api/order/acknowledgement')
      .set('SERVICE_API_TOKEN', client.token)
      .send(order(po, [line(id, DEMO_BOTTLE_SKU)], { priority }));
    expect(res.status).toBe(200);
  };
  /** The print job of each recipe set, as pg-boss holds it. */
  const jobs = async (ids: string[]) =>
    t.dataSource.query<{ readable: string; state: string; priority: number; started: Date }[]>(
      `SELECT r.readable_id AS readable, j.state, j.priority, j.started_on AS started
         FROM pgboss.job j JOIN recipe_set r ON r.id::text = j.data->>'recipeSetId'
        WHERE j.name = 'print-files' AND r.readable_id = ANY($1)`,
      [ids],
    );
  /** Holds the worker on a print job, the proof of `client`'s recipe set `id` queued first. */
  const holdWorker = async (client: TestClient, id: string) => {
    store.shut();
    expect((await get(client, id)).status).toBe(202);
    // The job draws the bottle's print files first (the demo product with the smallest print
    // area: 2.8 Mpx, a sixth of a tee's location), seconds beside CI's other lanes.
    await eventually(
      'the print worker to hold its first job',
      () => Promise.resolve(store.waiting > 0),
      120_000,
    );
  };
  /**
   * Opens the gate and answers which of the recipe sets' jobs were taken, in the order taken, once
   * the job of `until` was (the rest run on after the test).
   */
  const takenBy = async (ids: string[], until: string): Promise<string[]> => {
    store.release();
    const rows = await eventually(
      `the print job of ${until} to start`,
      async () => {
        const found = await jobs(ids);
        return found.some((r) => r.readable === until && r.started) && found;
      },
      120_000,
    );
    return rows
      .filter((r) => r.started)
      .sort((x, y) => x.started.getTime() - y.started.getTime())
      .map((r) => r.readable);
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { WORKERS: 'true', PRINT_PROOF_QUEUE_LIMIT: '10' },
      override: (builder) =>
        builder.overrideProvider(BlobStore).useFactory({
          inject: [AppConfig],
          factory: (config: AppConfig) => (store = new GatedStore(join(config.dataDir, 'blobs'))),
        }),
    });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    s = await createClient(t.app, { role: Role.Admin, sandbox: true });
    for (const c of [a, b, s]) await t.app.get(DemoService).installCatalog(c.handle);
  });
  afterAll(async () => {
    store.release();
    await t.close();
  });

  it("takes client B's order before client A's queued proofs, not after the fifth", async () => {
    const held = await designed(a);
    await holdWorker(a, held);
    const proofs: string[] = [];
    for (let i = 0; i < 5; i++) {
      proofs.push(await designed(a));
      expect((await get(a, proofs[i])).status).toBe(202);
    }
    const bOrder = await designed(b);
    await acknowledge(b, 'FAIR-B-1', bOrder, 'Normal');

    const taken = await takenBy([held, ...proofs, bOrder], bOrder);
    // A was served last (the held job): B's turn comes before any of A's queued proofs.
    expect(taken.slice(0, 2)).toEqual([held, bOrder]);
  });

  it('takes a sandbox order at Highest after a live Normal one, and never raises its priority', async () => {
    const held = await designed(a);
    await holdWorker(a, held);
    // A sandbox proof, then an order of it at Highest (the path that raises a waiting job).
    const sandboxed = await designed(s);
    expect((await get(s, sandboxed)).status).toBe(202);
    await acknowledge(s, 'FAIR-S-1', sandboxed, 'Highest');
    const live = await designed(b);
    await acknowledge(b, 'FAIR-B-2', live, 'Normal');
    const [sandboxJob] = await jobs([sandboxed]);
    expect(sandboxJob).toMatchObject({ state: 'created', priority: 0 });

    // (The worker may hold a proof of the test above: the live order is still taken first.)
    const taken = await takenBy([sandboxed, live], live);
    expect(taken.filter((id) => id === live || id === sandboxed)[0]).toBe(live);
  });
});
