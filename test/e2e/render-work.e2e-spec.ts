import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { WorkPools } from '../../src/common/scheduling/work-pools';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';
const TRANSFORM = 'width=100&format=jpeg';

/**
 * Issue 24, H6 and section 3: a transformed render is stored under a key of its inputs, so the
 * same transformation again is a lookup (the transformer does not run); the render plan policy
 * counts work only (cold renders, new transformations), never an answer from the store.
 */
describe('Render work: stored transformations and the render plan policy (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let sets: string[];
  let transformRuns: string[];

  const get = (path: string) =>
    request(t.http).get(`${BASE}/${path}`).set('SERVICE_API_TOKEN', a.token);

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        // Four units of render work a minute: two cold renders and two transformations.
        PLAN_RENDERS_PER_MINUTE: 'free:4,standard:4,enterprise:4',
        RENDER_TIMEOUT_MS: '120000',
      },
    });
    a = await createClient(t.app, { role: Role.User });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    sets = (await demo.createRecipeSets(a.handle, { count: 2 })).map((r) => r.readableId);
    // Which clients' transformations ran (a structural count, whatever the machine's speed).
    const transforms = t.app.get(WorkPools).transforms;
    const run = transforms.run.bind(transforms);
    transformRuns = [];
    jest.spyOn(transforms, 'run').mockImplementation((client, task) => {
      transformRuns.push(client);
      return run(client, task);
    });
  });
  afterAll(() => t.close());

  it('stores a transformation: the same one again is served from the store, with the same ETag; useCache=false makes it afresh', async () => {
    const first = await get(`${sets[0]}/north?${TRANSFORM}`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(transformRuns).toEqual([a.id]);
    // A cold render and a new transformation: two units of work counted.
    expect(first.headers['ratelimit-policy']).toBe('"render";q=4;w=60');
    expect(first.headers.ratelimit).toMatch(/^"render";r=2;t=\d+$/);

    const again = await get(`${sets[0]}/north?${TRANSFORM}`);
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(transformRuns).toEqual([a.id]);
    expect(again.headers.ratelimit).toBeUndefined(); // nothing was counted

    expect(
      (await get(`${sets[0]}/north?${TRANSFORM}`).set('If-None-Match', first.headers.etag)).status,
    ).toBe(304);

    const fresh = await get(`${sets[0]}/north?${TRANSFORM}&useCache=false`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.etag).toBe(first.headers.etag);
    expect(transformRuns).toEqual([a.id, a.id]);
    expect(fresh.headers.ratelimit).toMatch(/^"render";r=0;t=\d+$/);
  }, 120_000);

  it('answers 429 with Retry-After and RateLimit headers for work beyond the plan, never for what is stored', async () => {
    // A cold render of the second recipe set is work: over the four a minute.
    const refused = await get(`${sets[1]}/north`);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.text).toMatch(
      new RegExp(
        `^Rate limit exceeded: client ${a.handle}'s plan allows 4 cold renders or new transformations per 60 s \\(policy render, PLAN_RENDERS_PER_MINUTE\\); retry in \\d+ s\\.$`,
      ),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-policy']).toBe('"render";q=4;w=60');
    expect(refused.headers.ratelimit).toMatch(/^"render";r=0;t=\d+$/);

    // What is stored costs nothing: the stored render (302) and the stored transformation (200).
    for (let i = 0; i < 5; i++) {
      expect((await get(`${sets[0]}/north`)).status).toBe(302);
      expect((await get(`${sets[0]}/north?${TRANSFORM}`)).status).toBe(200);
    }
    expect(transformRuns).toHaveLength(2);
  });
});
