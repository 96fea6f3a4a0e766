import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { RecipeSetsService } from '../../src/recipe-sets';
import { createClient, TestClient } from '../factories/clients';
import { line, order, processedBody, TEXT_TYPE } from '../factories/orders';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';

/** More ids than PostgreSQL's 65,535 bind parameters per statement. */
const MANY = 66_000;

/** The 32 symbols of readable ids. */
const READABLE_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `n` distinct well-formed readable ids (base-32 counters), none of which exists. */
function readableIds(n: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    let id = '';
    for (let v = i, k = 0; k < 8; k++, v = Math.floor(v / 32))
      id = READABLE_ID_ALPHABET[v % 32] + id;
    ids.push(id);
  }
  return ids;
}

/** `n` distinct UUIDs (a counter in the last group). */
const uuids = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
  );

describe('Orders: distinct recipe sets per request (HTTP)', () => {
  let t: TestApp;
  let c: TestClient;
  const batch = (body: unknown) =>
    request(t.http)
      .post('/api/order/acknowledgements')
      .set({ SERVICE_API_TOKEN: c.token })
      .send(body as object);
  const orderCount = async (): Promise<number> => {
    const rows: { n: number }[] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM purchase_order',
    );
    return rows[0].n;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_RECIPE_SETS_PER_REQUEST: '3' } });
    c = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  it('answers 413 naming the limit when a batch names more distinct recipe sets, and stores nothing', async () => {
    const ids = (await createRecipeSets(t.app, c.id, 4)).map((r) => r.readableId);
    const res = await batch([
      order('RS-OVER-1', [line(ids[0]), line(ids[1])]),
      order('RS-OVER-2', [line(ids[2]), line(ids[3])]),
    ]);
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toBe('A request may name at most 3 distinct recipe sets; this one names 4.');
    expect(await orderCount()).toBe(0);
  });

  it('counts a recipe set once however often and in whatever case it is named', async () => {
    const [x, y, z] = (await createRecipeSets(t.app, c.id, 3)).map((r) => r.readableId);
    const res = await batch([
      order('RS-AT-1', [line(x), line(y.toLowerCase()), line(x)]),
      order('RS-AT-2', [line(z), line(y)]),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([processedBody('RS-AT-1', x, y), processedBody('RS-AT-2', z, y)]);
  });

  it('applies to a single acknowledgement too', async () => {
    const ids = (await createRecipeSets(t.app, c.id, 4)).map((r) => r.readableId);
    const res = await request(t.http)
      .post('/api/order/acknowledgement')
      .set({ SERVICE_API_TOKEN: c.token })
      .send(
        order(
          'RS-ONE',
          ids.map((id) => line(id)),
        ),
      );
    expect(res.status).toBe(413);
    expect(res.text).toBe('A request may name at most 3 distinct recipe sets; this one names 4.');
  });
});

describe('Recipe sets and order numbers: lookups of more ids than bind parameters', () => {
  let t: TestApp;
  let c: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_RECIPE_SETS_PER_REQUEST: '100000' } });
    c = await createClient(t.app, { role: Role.User });
  });
  afterAll(() => t.close());

  it(`resolves ${MANY} readable ids and ${MANY / 2} UUIDs in one call, finding the real ones`, async () => {
    const [real] = await createRecipeSets(t.app, c.id, 2);
    const refs = [...readableIds(MANY), ...uuids(MANY / 2), real.readableId.toLowerCase()];
    const resolved = await t.app.get(RecipeSetsService, { strict: false }).resolve(c.id, refs);
    expect([...resolved.keys()]).toEqual([real.readableId.toLowerCase()]);
    expect(resolved.get(real.readableId.toLowerCase())?.id).toBe(real.uuid);
  });
});
