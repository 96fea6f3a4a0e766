import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { WorkPools } from '../../src/common/scheduling/work-pools';
import { DemoService } from '../../src/demo';
import { ClientImages, RenderSources } from '../../src/render';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';

/**
 * The real image sources, except that a render of a client named by `hold` waits (inside its
 * slot of the render pool: sources are read while drawing) until the test opens the gate; every
 * drawing start is noted by client, in order.
 */
class GatedImages extends ClientImages {
  readonly started: string[] = [];
  hold: string | undefined;
  private open!: () => void;
  private gate = new Promise<void>((resolve) => (this.open = resolve));

  release(): void {
    this.open();
  }

  override forRender(clientId: string): RenderSources {
    this.started.push(clientId);
    const real = super.forRender(clientId);
    if (clientId !== this.hold) return real;
    return {
      ...real,
      layerImage: async (id) => {
        await this.gate;
        return real.layerImage(id);
      },
    };
  }
}

/** Waits for `condition`, at most 60 s (then the test fails rather than hangs). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true within 60 s');
    await sleep(20);
  }
}

/**
 * H6 of issue 24: one client flooding the render pool must not make another client's small render
 * wait for the queue or fail. With two render slots and a share of 50 %, client A holds one slot
 * at most; its other renders wait in its own queue (of 1: the next one is 503 with Retry-After),
 * while client B's render takes the free slot at once.
 */
describe('Render fairness between clients (HTTP)', () => {
  let t: TestApp;
  let images: GatedImages;
  let a: TestClient;
  let b: TestClient;
  let aSets: string[];
  let bSet: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RENDER_CONCURRENCY: '2',
        RENDER_CLIENT_SHARE_PERCENT: '50',
        RENDER_CLIENT_QUEUE: '1',
        RENDER_QUEUE_WAIT_MS: '120000',
        // Far longer than one render here; before the fix, B's render waited behind A's for it.
        RENDER_TIMEOUT_MS: '30000',
      },
      override: (builder) => builder.overrideProvider(ClientImages).useClass(GatedImages),
    });
    images = t.app.get(ClientImages);
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.User });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    await demo.installCatalog(b.handle);
    aSets = (await demo.createRecipeSets(a.handle, { count: 3 })).map((r) => r.readableId);
    [{ readableId: bSet }] = await demo.createRecipeSets(b.handle, { count: 1 });
    images.hold = a.id;
  });
  afterAll(async () => {
    images.release();
    await t.close();
  });

  it("serves another client's render while one client's renders fill its share and queue; past its queue, 503 with Retry-After", async () => {
    const render = (client: TestClient, id: string) =>
      request(t.http).get(`${BASE}/${id}/north`).set('SERVICE_API_TOKEN', client.token);
    // A floods: its first render holds a slot (gated), its second would take the other one.
    const first = render(a, aSets[0]).then((res) => res);
    await until(() => images.started.length === 1);
    const second = render(a, aSets[1]).then((res) => res);
    // It has reached the pool and waits in A's queue (before the fix, it took the second slot).
    const pools = t.app.get(WorkPools);
    await until(() => pools.renders.loadOf(a.id).waiting === 1);

    // B is not behind A: its render starts in the slot A may not take, and is answered while A's
    // is still held.
    const other = await render(b, bSet);
    expect(other.status).toBe(302);
    expect(images.started).toEqual([a.id, b.id]);

    // A's second still waits in A's queue of one; A's third is refused at once with Retry-After.
    expect(pools.renders.loadOf(a.id).waiting).toBe(1);
    const third = await render(a, aSets[2]);
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('120');
    expect(third.body).toMatchObject({
      status: 503,
      code: 'POOL_BUSY',
      detail: "Too many renders at once (1 of this client's wait already); retry in 120 s.",
    });

    images.release();
    expect((await first).status).toBe(302);
    expect((await second).status).toBe(302);
    expect(images.started).toEqual([a.id, b.id, a.id]);
  }, 120_000);
});
