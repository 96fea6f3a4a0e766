import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { teeProduct, uploadImage } from '../factories/catalog';
import { createClient, createToken, TestClient } from '../factories/clients';
import { JSON_TYPE, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';

describe('Catalog: products (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let userToken: string;
  let other: TestClient;
  let images: { mask: number; shading: number };

  const products = (client: TestClient | string) =>
    `/api/catalog/${typeof client === 'string' ? client : client.handle}/products`;
  const as = (token: string) => ({
    post: (url: string, body: unknown) =>
      request(t.http)
        .post(url)
        .set('SERVICE_API_TOKEN', token)
        .send(body as object),
    put: (url: string, body: unknown) =>
      request(t.http)
        .put(url)
        .set('SERVICE_API_TOKEN', token)
        .send(body as object),
    get: (url: string) => request(t.http).get(url).set('SERVICE_API_TOKEN', token),
    delete: (url: string) => request(t.http).delete(url).set('SERVICE_API_TOKEN', token),
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createClient(t.app, { role: Role.Admin });
    userToken = await createToken(t.app, admin.handle, Role.User);
    other = await createClient(t.app, { role: Role.Admin });
    images = { mask: await uploadImage(t, admin), shading: await uploadImage(t, admin) };
  });
  afterAll(() => t.close());

  it('creates a product with its defaults filled in, and reads it back (any token of the client)', async () => {
    const res = await as(admin.token).post(products(admin), teeProduct(images, 'Tee-1'));
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    const data = res.body.data;
    expect(data).toMatchObject({ handle: 'tee-1', name: 'Tee', version: 1 });
    expect(data.locations[0]).toEqual({
      handle: 'front',
      printArea: { widthMm: 300, heightMm: 400 },
      dpi: 300,
      embellishment: 'print',
    });
    expect(data.options[0].values[0].hex).toBe('#ffffff');
    expect(data.viewAngles[0].layers[2]).toMatchObject({
      type: 'design',
      location: 'front',
      rotation: 0,
    });
    expect(Date.parse(data.createdDate)).not.toBeNaN();

    const read = await as(userToken).get(`${products(admin)}/TEE-1/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const list = await as(userToken).get(products(admin.handle.toUpperCase()));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        handle: 'tee-1',
        name: 'Tee',
        version: 1,
        createdDate: data.createdDate,
        lastModifiedDate: data.lastModifiedDate,
      },
    ]);
  });

  it('replaces a product (version + 1) and refuses another handle in the body', async () => {
    await as(admin.token).post(products(admin), teeProduct(images, 'tee-2')).expect(201);
    const changed = { ...teeProduct(images, 'tee-2'), name: 'Tee two' };
    const res = await as(admin.token).put(`${products(admin)}/tee-2`, changed);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Tee two', version: 2 });
    const mismatch = await as(admin.token).put(
      `${products(admin)}/tee-2`,
      teeProduct(images, 'tee-3'),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toBe(
      "The body names product tee-3, the path tee-2; a product's handle cannot change.",
    );
    const absent = await as(admin.token).put(`${products(admin)}/nope`, teeProduct(images, 'nope'));
    expect(absent.status).toBe(404);
    expect(absent.text).toBe('Product nope was not found.');
  });

  it('answers 400 naming the field, or every reference that does not resolve', async () => {
    const badDpi = teeProduct(images, 'bad-1');
    (badDpi.locations[0] as Record<string, unknown>).dpi = 50;
    const res = await as(admin.token).post(products(admin), badDpi);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toMatch(/dpi must not be less than 72/);

    const foreignImage = await uploadImage(t, other);
    const bad = teeProduct({ mask: foreignImage, shading: images.shading }, 'bad-2');
    bad.viewAngles[0].layers.push({
      type: 'design',
      location: 'sleeve',
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    });
    bad.skus.push({ sku: 'TEE-RED', options: { colour: 'red', size: 'S' }, unitPrice: 1 });
    const refs = await as(admin.token).post(products(admin), bad);
    expect(refs.status).toBe(400);
    expect(refs.text).toBe(
      'Invalid product bad-2: SKU TEE-RED gives colour the value "red", which is not one of its values. ' +
        `layer 1 of view angle north names image ${foreignImage}, which was not found. ` +
        'layer 4 of view angle north shows location sleeve, which the product does not have.',
    );
    expect((await as(admin.token).get(`${products(admin)}/bad-2`)).status).toBe(404);
  });

  it('answers 409 for a handle taken (any case), and keeps the first product', async () => {
    await as(admin.token).post(products(admin), teeProduct(images, 'dup')).expect(201);
    const res = await as(admin.token).post(products(admin), {
      ...teeProduct(images, 'DUP'),
      name: 'Other',
    });
    expect(res.status).toBe(409);
    expect(res.text).toBe('Product dup exists already.');
    expect((await as(admin.token).get(`${products(admin)}/dup`)).body.data.name).toBe('Tee');
  });

  it("needs an Admin token to write, and the caller's own client in the path", async () => {
    expect((await as(userToken).post(products(admin), teeProduct(images, 'x'))).status).toBe(403);
    expect((await as(userToken).delete(`${products(admin)}/tee-1`)).status).toBe(403);
    const foreign = await as(admin.token).get(products(other));
    expect(foreign.status).toBe(403);
    expect(foreign.headers['content-type']).toMatch(TEXT_TYPE);
    expect((await as(admin.token).post(products(other), teeProduct(images, 'x'))).status).toBe(403);
    expect((await request(t.http).get(products(admin))).status).toBe(401);
  });

  it('lets a ServiceAdmin act for any client, and answers 404 for an unknown one', async () => {
    const service = await createClient(t.app, { role: Role.ServiceAdmin });
    const mask = await uploadImage(t, other);
    const created = await as(service.token).post(
      products(other),
      teeProduct({ mask, shading: mask }, 'svc'),
    );
    expect(created.status).toBe(201);
    expect((await as(other.token).get(`${products(other)}/svc`)).status).toBe(200);
    // The images must be the named client's, not the ServiceAdmin's.
    const wrong = await as(service.token).post(products(other), teeProduct(images, 'svc-2'));
    expect(wrong.status).toBe(400);
    const unknown = await as(service.token).get(products('no-such-client'));
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('Client no-such-client was not found.');
  });

  it('deletes a product no recipe set is designed on; 409 while one is', async () => {
    await as(admin.token).post(products(admin), teeProduct(images, 'gone')).expect(201);
    const del = await as(admin.token).delete(`${products(admin)}/GONE/`);
    expect(del.status).toBe(204);
    expect((await as(admin.token).get(`${products(admin)}/gone`)).status).toBe(404);
    expect((await as(admin.token).delete(`${products(admin)}/gone`)).status).toBe(404);

    await as(admin.token).post(products(admin), teeProduct(images, 'used')).expect(201);
    await as(admin.token).post('/api/recipesets', { productHandle: 'used' }).expect(201);
    const busy = await as(admin.token).delete(`${products(admin)}/used`);
    expect(busy.status).toBe(409);
    expect(busy.text).toBe('Product used cannot be deleted: recipe sets are designed on it.');
    expect((await as(admin.token).get(`${products(admin)}/used`)).status).toBe(200);
  });
});
