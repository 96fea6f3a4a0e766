import request from 'supertest';
import { EntityManager } from 'typeorm';
import { CatalogService } from '../../src/catalog';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { RecipeSetEntity } from '../../src/recipe-sets';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';
const UNKNOWN = 'ZZZZ2222';

/**
 * Another client's readable id answers exactly like an unknown one, and costs the same work
 * (issue 24: 16.5 vs 4.7 ms told them apart): the lookup is scoped to the caller's client in one
 * statement, and nothing else (the product, a cached copy read for the owner) is touched first.
 * Asserted by the work done, not by the clock.
 */
describe('Recipe set lookups: another client’s id is an unknown id (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let tee: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    await demo.installCatalog(b.handle);
    [{ readableId: tee }] = await demo.createRecipeSets(a.handle, { count: 1 });
  });
  afterAll(() => t.close());

  /** The answer to `path` for `client` and the work it took. */
  const work = async (client: TestClient, path: string, id: string) => {
    const catalog = jest.spyOn(t.app.get(CatalogService), 'find');
    const reads = jest.spyOn(EntityManager.prototype, 'findOne');
    try {
      const res = await request(t.http).get(path).set('SERVICE_API_TOKEN', client.token);
      return {
        status: res.status,
        text: res.text.replace(id, '{id}'),
        productReads: catalog.mock.calls.length,
        // Every read of a recipe set row, with its condition.
        lookups: reads.mock.calls
          .filter(([entity]) => entity === RecipeSetEntity)
          .map(([, options]) => ({
            ...(options as { where: object }).where,
            readableId: '{id}',
          })),
      };
    } finally {
      catalog.mockRestore();
      reads.mockRestore();
    }
  };

  it.each([
    ['a render', (id: string) => `${BASE}/${id}/north`],
    ['a recipe set', (id: string) => `/api/recipesets/${id}`],
  ])('answers %s of another client’s id with the work of an unknown id', async (_, path) => {
    // The owner's read just before (a render keeps it for a second) is no shortcut for others.
    expect([302, 200]).toContain(
      (await request(t.http).get(path(tee)).set('SERVICE_API_TOKEN', a.token)).status,
    );
    const other = await work(b, path(tee), tee);
    const unknown = await work(b, path(UNKNOWN), UNKNOWN);
    expect(other).toEqual(unknown);
    expect(other).toMatchObject({ status: 404, text: 'Recipe set {id} was not found.' });
    expect(other.productReads).toBe(0);
    expect(other.lookups).toEqual([expect.objectContaining({ clientId: b.id })]);
  });

  it('still finds the caller’s own recipe set, and any for a ServiceAdmin', async () => {
    const own = await request(t.http)
      .get(`/api/recipesets/${tee}`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(own.status).toBe(200);
    const operator = await createClient(t.app, { role: Role.ServiceAdmin });
    const any = await request(t.http)
      .get(`/api/recipesets/${tee.toLowerCase()}`)
      .set('SERVICE_API_TOKEN', operator.token);
    expect(any.status).toBe(200);
    expect(any.body.data.readableId).toBe(tee);
  });
});
