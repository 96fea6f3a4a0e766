import sharp from 'sharp';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { pixel } from '../support/images';
import { createTestApp, TestApp } from '../setup/test-app';

const BASE = '/api/assets/generated/recipeset/readable';

describe('Render (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let tee: string;

  const get = (client: TestClient, path: string) =>
    request(t.http).get(`${BASE}/${path}`).set('SERVICE_API_TOKEN', client.token);
  const bytes = (res: request.Response) => res.body as Buffer;
  const create = async (client: TestClient, body: Record<string, unknown>) => {
    const res = await request(t.http)
      .post('/api/recipesets')
      .set('SERVICE_API_TOKEN', client.token)
      .send(body);
    expect(res.status).toBe(201);
    return res.body.data.readableId as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    const demo = t.app.get(DemoService);
    await demo.installCatalog(a.handle);
    [{ readableId: tee }] = await demo.createRecipeSets(a.handle, { count: 1 });
  });
  afterAll(() => t.close());

  it('redirects to the stored render on CDN_URL, which serves the PNG', async () => {
    const res = await get(a, `${tee}/north`);
    expect(res.status).toBe(302);
    const location = res.headers.location;
    expect(location).toMatch(/^http:\/\/api\.test\/cdn\/renders\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    const stored = await request(t.http).get(location.replace('http://api.test', '')).buffer(true);
    expect(stored.status).toBe(200);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(await sharp(bytes(stored)).metadata()).toMatchObject({ width: 1000, height: 1200 });
    // The same request maps to the same object; lower-case id, view/ form and a trailing slash too.
    for (const path of [`${tee.toLowerCase()}/NORTH/`, `${tee}/view/north`])
      expect((await get(a, path)).headers.location).toBe(location);
  });

  it('answers the transformed bytes with an ETag, and 304 for it', async () => {
    const res = await get(a, `${tee}/north?width=200`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(bytes(res)).metadata()).toMatchObject({
      format: 'png',
      width: 200,
      height: 240,
    });
    const etag = res.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await get(a, `${tee}/north?w=200`).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    const jpeg = await get(a, `${tee}/north?format=jpeg&width=100`).buffer(true);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers.etag).not.toBe(etag);
  });

  it('takes path-segment parameters and cameras', async () => {
    const res = await get(a, `${tee}/north/camera/closeup/width/300`).buffer(true);
    expect(res.status).toBe(200);
    const closeup = await sharp(bytes(res)).metadata();
    expect(closeup.width).toBe(300);
    expect(closeup.height).not.toBe(360); // the closeup's own aspect ratio, not the view's
  });

  it('changes with the colour option and the design', async () => {
    const white = await create(a, { productHandle: 'demo-tee', options: { colour: 'white' } });
    const black = await create(a, { productHandle: 'demo-tee', options: { colour: 'black' } });
    const body = async (id: string) =>
      pixel(bytes(await get(a, `${id}/north?width=100`).buffer(true)), 50, 80);
    const [w, k] = [await body(white), await body(black)];
    expect(w[0]).toBeGreaterThan(200);
    expect(k[0]).toBeLessThan(60);
    // The demo design's text makes the same shirt differ from the blank one.
    const designed = bytes(await get(a, `${tee}/north?width=300`).buffer(true));
    const blank = bytes(await get(a, `${white}/north?width=300`).buffer(true));
    expect(designed.equals(blank)).toBe(false);
  });

  it('draws a changed design at once, though renders reuse what they read for a second', async () => {
    const id = await create(a, { productHandle: 'demo-tee', options: { colour: 'white' } });
    const blank = await get(a, `${id}/north`);
    expect(blank.status).toBe(302);
    expect((await get(a, `${id}/north`)).headers.location).toBe(blank.headers.location);
    const put = await request(t.http)
      .put(`/api/recipesets/${id}/design`)
      .set('SERVICE_API_TOKEN', a.token)
      .send({
        design: {
          front: {
            background: '#D62828',
            elements: [
              {
                type: 'text',
                text: 'NEW',
                font: 'roboto',
                size: 72,
                colour: '#000000',
                x: 150,
                y: 150,
              },
            ],
          },
        },
      });
    expect(put.status).toBe(200);
    const designed = await get(a, `${id}/north`);
    expect(designed.status).toBe(302);
    expect(designed.headers.location).not.toBe(blank.headers.location);
    // A new version of the product: drawn from it at once too.
    const products = `/api/catalog/${a.handle}/products/demo-tee`;
    const read = await request(t.http).get(products).set('SERVICE_API_TOKEN', a.token);
    const { version, createdDate, lastModifiedDate, ...definition } = read.body.data as Record<
      string,
      unknown
    >;
    expect([version, typeof createdDate, typeof lastModifiedDate]).toEqual([1, 'string', 'string']);
    const replaced = await request(t.http)
      .put(products)
      .set('SERVICE_API_TOKEN', a.token)
      .send({ ...definition, name: 'Demo tee, renamed' });
    expect(replaced.status).toBe(200);
    const onNewProduct = await get(a, `${id}/north`);
    expect(onNewProduct.status).toBe(302);
    expect(onNewProduct.headers.location).not.toBe(designed.headers.location);
    // The other client still cannot see it, however it was read before.
    expect((await get(b, `${id}/north`)).status).toBe(404);
  });

  it('honours render states: the bottle with its lid open and closed differs', async () => {
    const bottle = await create(a, { productHandle: 'demo-bottle' });
    const open = bytes(await get(a, `${bottle}/north?width=200&state=LID:open`).buffer(true));
    const closed = bytes(
      await get(a, `${bottle}/north?width=200&state=lid:open&state=lid:closed`).buffer(true),
    );
    const preset = bytes(
      await get(a, `${bottle}/north?width=200&renderStateHandle=print-output`).buffer(true),
    );
    expect(open.equals(closed)).toBe(false);
    expect(preset.equals(closed)).toBe(false); // transparent background
    expect((await pixel(preset, 2, 2))[3]).toBe(0);
  });

  it('answers 400 naming the parameter, 404 for unknown recipe sets and view angles', async () => {
    const state = await get(a, `${tee}/north?state=lid`);
    expect(state.status).toBe(400);
    expect(state.headers['content-type']).toMatch(TEXT_TYPE);
    expect(state.text).toContain("Invalid value for state: 'lid'");
    for (const bad of [
      'state=a:b,c:d',
      'width=0',
      'width=abc',
      'camera=nope',
      'renderStateHandle=nope',
      'format=bmp',
    ])
      expect([bad, (await get(a, `${tee}/north?${bad}`)).status]).toEqual([bad, 400]);
    const view = await get(a, `${tee}/upside-down`);
    expect(view.status).toBe(404);
    const foreign = await get(b, `${tee}/north`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(`Recipe set ${tee} was not found.`);
    expect((await request(t.http).get(`${BASE}/${tee}/north`)).status).toBe(401);
  });
});
