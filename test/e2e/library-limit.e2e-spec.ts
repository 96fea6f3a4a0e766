import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { uploadAsset, uploadRows } from '../factories/assets';
import { createClient, TestClient } from '../factories/clients';
import { asCaller, SAVED_PATH, saveAsset, uploadFor } from '../factories/saved-assets';
import { createTestApp, TestApp } from '../setup/test-app';
import { testImage } from '../support/images';

const ORG = 'ORG:LIB';

/**
 * Issue 24 §7: a client's library (its uploads, its active saved assets) has a size set by its
 * plan, held under parallel requests: a User token could grow it without limit.
 */
describe('Library size under the plan (HTTP)', () => {
  let t: TestApp;
  let operator: TestClient;

  const setPlan = (handle: string, body: object) =>
    request(t.http)
      .put(`/admin/clients/${handle}/plan`)
      .set('SERVICE_API_TOKEN', operator.token)
      .send(body);

  beforeAll(async () => {
    t = await createTestApp();
    operator = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  it('shows the seeded size, and sets one of its own alone, keeping the rest of the plan', async () => {
    const c = await createClient(t.app);
    const own = () => request(t.http).get('/api/clients/current/plan').set(asCaller(c));
    expect((await own()).body).toMatchObject({ plan: 'standard', libraryAssets: 100_000 });
    const set = await setPlan(c.handle, { libraryAssets: 3 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ plan: 'standard', limit: 120, libraryAssets: 3 });
    expect((await own()).body.libraryAssets).toBe(3);
    expect((await setPlan(c.handle, { plan: 'free' })).body.libraryAssets).toBe(1_000);
  });

  it('lets exactly the limit of parallel uploads in, and answers the rest 409 naming it', async () => {
    const c = await createClient(t.app);
    expect((await setPlan(c.handle, { libraryAssets: 3 })).status).toBe(200);
    const images = await Promise.all(
      Array.from({ length: 6 }, (_, i) => testImage('png', { width: 10 + i, height: 10 })),
    );
    const answers = await Promise.all(images.map((png) => uploadAsset(t, c, png)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.text).toBe(
      "The client's library holds 3 uploaded assets, the most its plan allows (libraryAssets 3): an operator can raise the limit.",
    );
    expect(await uploadRows(t, c.id)).toBe(3);
  });

  it('holds active saved assets to the limit under parallel saves; deactivating one makes room', async () => {
    const c = await createClient(t.app, { role: Role.Admin });
    const upload = await uploadFor(t, c, ORG);
    expect((await setPlan(c.handle, { libraryAssets: 2 })).status).toBe(200);
    const body = {
      uploadedAssetId: upload,
      organizationIdentifier: ORG,
      clientAccountReference: 'CUST-1',
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => saveAsset(t, c, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(answers.find((r) => r.status === 409)!.text).toBe(
      "The client's library holds 2 active saved assets, the most its plan allows (libraryAssets 2): deactivate saved assets, or an operator can raise the limit.",
    );
    const saved = answers.find((r) => r.status === 201)!.body.data.id as number;
    await request(t.http).delete(`${SAVED_PATH}/${saved}`).set(asCaller(c)).expect(204);
    expect((await saveAsset(t, c, body)).status).toBe(201);
  });
});
