import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { teeProduct, uploadImage } from '../factories/catalog';
import { createClient, TestClient } from '../factories/clients';
import { JSON_TYPE, line, order, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Recipe sets: designs (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let art: number;

  const post = (client: TestClient, body: unknown) =>
    request(t.http)
      .post('/api/recipesets')
      .set('SERVICE_API_TOKEN', client.token)
      .send(body as object);
  const get = (client: TestClient, id: string) =>
    request(t.http).get(`/api/recipesets/${id}`).set('SERVICE_API_TOKEN', client.token);
  const put = (client: TestClient, id: string, body: unknown) =>
    request(t.http)
      .put(`/api/recipeSets/${id}/design/`)
      .set('SERVICE_API_TOKEN', client.token)
      .send(body as object);

  const text = (over: Record<string, unknown> = {}) => ({
    type: 'text',
    text: 'Hello',
    font: 'roboto',
    size: 36,
    colour: '#D62828',
    x: 150,
    y: 100,
    align: 'center',
    ...over,
  });
  const design = () => ({
    front: { elements: [text()] },
    back: {
      background: '#FFFFFF',
      elements: [{ type: 'image', uploadedAssetId: art, x: 50, y: 50, width: 200, height: 240 }],
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    for (const client of [a, b]) {
      const images = { mask: await uploadImage(t, client), shading: await uploadImage(t, client) };
      await request(t.http)
        .post(`/api/catalog/${client.handle}/products`)
        .set('SERVICE_API_TOKEN', client.token)
        .send(teeProduct(images))
        .expect(201);
    }
    art = await uploadImage(t, a);
  });
  afterAll(() => t.close());

  it('creates a recipe set with options and a design, and reads it back by readable id or UUID', async () => {
    const res = await post(a, {
      productHandle: 'TEE',
      options: { size: 'M', colour: 'black' },
      design: { back: design().back, front: design().front },
    });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    const data = res.body.data;
    expect(data).toMatchObject({
      productHandle: 'tee',
      options: { colour: 'black', size: 'M' },
      sku: 'TEE-BLK-M',
      version: 1,
      status: 'Created',
    });
    expect(data.readableId).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(data.design).toEqual({
      front: {
        elements: [
          {
            type: 'text',
            text: 'Hello',
            font: 'roboto',
            size: 36,
            colour: '#d62828',
            x: 150,
            y: 100,
            rotation: 0,
            align: 'center',
          },
        ],
      },
      back: {
        background: '#ffffff',
        elements: [
          {
            type: 'image',
            uploadedAssetId: art,
            x: 50,
            y: 50,
            width: 200,
            height: 240,
            rotation: 0,
          },
        ],
      },
    });
    // In the documented order, whatever order the database keeps.
    expect(Object.keys(data.design)).toEqual(['front', 'back']);
    expect(Object.keys(data.design.front.elements[0])).toEqual([
      'type',
      'text',
      'font',
      'size',
      'colour',
      'x',
      'y',
      'rotation',
      'align',
    ]);
    expect(Object.keys(data.options)).toEqual(['colour', 'size']);
    for (const id of [data.readableId, data.readableId.toLowerCase(), data.uuid.toUpperCase()]) {
      const read = await get(a, id);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
    }
  });

  it('defaults left-out options to their first value and an absent design to none', async () => {
    const res = await post(a, { productHandle: 'tee' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      options: { colour: 'white', size: 'S' },
      sku: 'TEE-WHT-S',
      design: {},
    });
  });

  it("answers 400 naming each problem and an unknown product, 404 for another client's image", async () => {
    const bad = await post(a, {
      productHandle: 'tee',
      design: {
        sleeve: { elements: [] },
        front: { elements: [text({ font: 'comic-sans', x: 400 })] },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(TEXT_TYPE);
    expect(bad.text).toBe(
      'Invalid design: design.sleeve: product tee has no location sleeve (it has front, back). ' +
        'design.front.elements[0].font "comic-sans" is not a font of GET /api/fonts. ' +
        'design.front.elements[0].x must be a number from 0 to 300 (millimetres within the 300 × 400 mm print area).',
    );
    const option = await post(a, { productHandle: 'tee', options: { colour: 'red' } });
    expect(option.status).toBe(400);
    expect(option.text).toBe(
      'Invalid options: "red" is not a value of option colour (allowed: white, black).',
    );
    expect((await post(a, { productHandle: 'tee', design: [] })).status).toBe(400);
    // A malformed design is 400 before anything is looked up, even for an unknown product.
    const shape = await post(a, {
      productHandle: 'mug',
      design: { front: { elements: [{ type: 'circle' }] } },
    });
    expect(shape.status).toBe(400);
    expect(shape.text).toContain('design.front.elements[0].type must be text or image');
    expect((await post(a, { design: {} })).status).toBe(400);

    // The request is what is wrong: 400 naming the handle, not 404.
    const product = await post(a, { productHandle: 'mug' });
    expect(product.status).toBe(400);
    expect(product.text).toBe(
      'Invalid request: productHandle "mug" is not a product of this client\'s catalog (GET /api/catalog/{clientHandle}/products lists them).',
    );
    const colour = await post(a, {
      productHandle: 'tee',
      design: { front: { background: 'navy', elements: [text({ colour: '#12345' })] } },
    });
    expect(colour.status).toBe(400);
    expect(colour.text).toBe(
      'Invalid request: design.front.background "navy" is not a colour as #rrggbb. ' +
        'design.front.elements[0].colour "#12345" is not a colour as #rrggbb.',
    );
    const foreign = await uploadImage(t, b);
    const image = await post(a, {
      productHandle: 'tee',
      design: {
        back: {
          elements: [
            { type: 'image', uploadedAssetId: foreign, x: 0, y: 0, width: 10, height: 10 },
          ],
        },
      },
    });
    expect(image.status).toBe(404);
    expect(image.text).toBe(`Uploaded asset ${foreign} was not found.`);
  });

  it('replaces the design (version + 1), with an optional version check', async () => {
    const created = (await post(a, { productHandle: 'tee', design: design() })).body.data;
    const res = await put(a, created.readableId, {
      design: { front: { elements: [text({ text: 'Two' })] } },
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      version: 2,
      design: { front: { elements: [{ text: 'Two' }] } },
    });
    expect(res.body.data.design.back).toBeUndefined();
    const stale = await put(a, created.uuid, { design: {}, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.text).toBe(
      `Recipe set ${created.readableId} is at version 2, not 1: read it again and reapply the change.`,
    );
    expect((await get(a, created.readableId)).body.data.version).toBe(2);
  });

  it('lets exactly one of two concurrent changes based on the same version through', async () => {
    const created = (await post(a, { productHandle: 'tee' })).body.data;
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((word) =>
        put(a, created.readableId, {
          design: { front: { elements: [text({ text: word })] } },
          version: 1,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await get(a, created.readableId)).body.data.version).toBe(2);
  });

  it('refuses design changes once the recipe set is ordered (409 naming it)', async () => {
    const created = (await post(a, { productHandle: 'tee', design: design() })).body.data;
    await request(t.http)
      .post('/api/order/acknowledgement')
      .set('SERVICE_API_TOKEN', a.token)
      .send(order(`PO-DESIGN-${created.readableId}`, [line(created.readableId, 'TEE-WHT-S')]))
      .expect(200);
    const res = await put(a, created.readableId, { design: {} });
    expect(res.status).toBe(409);
    expect(res.text).toBe(
      `Recipe set ${created.readableId} is Ordered: its design can change only while it is Created.`,
    );
    const read = await get(a, created.readableId);
    expect(read.body.data).toMatchObject({ status: 'Ordered', version: 1 });
  });

  it("keeps clients apart: another client's recipe set is 404 for reads and changes", async () => {
    const created = (await post(a, { productHandle: 'tee' })).body.data;
    const read = await get(b, created.readableId);
    expect(read.status).toBe(404);
    expect(read.text).toBe(`Recipe set ${created.readableId} was not found.`);
    expect((await put(b, created.uuid, { design: {} })).status).toBe(404);
    expect((await get(a, 'NOTANID!')).status).toBe(404);
    expect((await request(t.http).get(`/api/recipesets/${created.readableId}`)).status).toBe(401);
  });

  it('replays a create with the same Idempotency-Key instead of making a second recipe set', async () => {
    const send = () =>
      request(t.http)
        .post('/api/recipesets')
        .set('SERVICE_API_TOKEN', a.token)
        .set('Idempotency-Key', 'create-once')
        .send({ productHandle: 'tee', design: design() });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.data.uuid).toBe(first.body.data.uuid);
  });
});
