import { PDFDocument } from '@cantoo/pdf-lib';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { PT_PER_MM } from '../../src/common/pdf/pdf-document';
import { DemoService } from '../../src/demo';
import { teeProduct, uploadImage } from '../factories/catalog';
import { createClient, createToken, TestClient } from '../factories/clients';
import { JSON_TYPE, line, order, OrdersApi, ordersApi, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { pdfX4Problems } from '../support/pdfx-preflight';
import { bytesParser, unzip } from '../support/zip';

const DEFAULTS = {
  pdfStandard: 'PDF/X-4',
  colorSpace: 'rgb',
  iccProfile: 'sRGB',
  bleedMm: 3,
  minimumDpi: 150,
  fileNameTemplate: '{readableId}-{location}',
};

const KNOWN =
  '{readableId}, {uuid}, {location}, {purchaseOrderNumber}, {sku}, {quantity}, {designVersion}, {productHandle}';
const ALLOWED = "(letters, digits, '.', '_', '-', '+' and spaces are allowed)";
const OWN_NAMES = "each location's files need their own names";

const CMYK = {
  pdfStandard: 'PDF/X-4',
  colorSpace: 'cmyk',
  iccProfile: 'FOGRA39',
  bleedMm: 5,
  minimumDpi: 200,
  fileNameTemplate: '{purchaseOrderNumber}-{readableId}-{location}',
};

interface ManifestLocation {
  handle: string;
  bleedMm: number;
  settings: Record<string, unknown>;
  files: { name: string; colorSpace: string; iccProfile: string | null; bleedMm: number }[];
}

describe('Print settings (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let other: TestClient;
  let service: TestClient;
  let userToken: string;

  const settingsOf = (client: TestClient | string) =>
    `/api/catalog/${typeof client === 'string' ? client : client.handle}/print-settings`;
  const as = (token: string) => ({
    get: (url: string) => request(t.http).get(url).set('SERVICE_API_TOKEN', token),
    put: (url: string, body: unknown) =>
      request(t.http)
        .put(url)
        .set('SERVICE_API_TOKEN', token)
        .send(body as object),
    post: (url: string, body: unknown) =>
      request(t.http)
        .post(url)
        .set('SERVICE_API_TOKEN', token)
        .send(body as object),
  });

  /** Polls a web-to-print URL until it answers something other than 202. */
  const ready = async (path: string, client: TestClient): Promise<request.Response> => {
    for (let i = 0; i < 600; i++) {
      const res = await as(client.token).get(path);
      if (res.status !== 202) return res;
      expect(res.headers['retry-after']).toBe('3');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${path} stayed 202`);
  };
  /** The bytes a 303 points at. */
  const download = async (location: string, type: string): Promise<Buffer> => {
    const res = await request(t.http)
      .get(location.replace('http://api.test', ''))
      .buffer(true)
      .parse(bytesParser);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    return res.body as Buffer;
  };
  /** The files of the ZIP a 303 points at. */
  const zipAt = async (location: string) => unzip(await download(location, 'application/zip'));
  const manifestOf = (files: Map<string, Buffer>) =>
    JSON.parse(files.get('manifest.json')!.toString()) as {
      orderNumber: string | null;
      locations: ManifestLocation[];
    };
  const designed = async (client: TestClient, product = 'demo-tee') =>
    (await t.app.get(DemoService).createRecipeSets(client.handle, { count: 1, product }))[0]
      .readableId;

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true' } });
    admin = await createClient(t.app, { role: Role.Admin });
    other = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
    userToken = await createToken(t.app, admin.handle, Role.User);
  });
  afterAll(() => t.close());

  it('answers the defaults, every field, for a client that has written none', async () => {
    const fresh = await createClient(t.app, { role: Role.Admin });
    const res = await as(fresh.token).get(settingsOf(fresh));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    expect(res.body).toEqual({ data: DEFAULTS });
  });

  it('replaces the settings whole and reads them back', async () => {
    const put = await as(admin.token).put(settingsOf(admin), CMYK);
    expect(put.status).toBe(200);
    expect(put.headers['content-type']).toMatch(JSON_TYPE);
    expect(put.body).toEqual({ data: CMYK });
    expect((await as(admin.token).get(settingsOf(admin))).body).toEqual({ data: CMYK });

    // A field left out takes its default, not the value written before.
    const partial = await as(admin.token).put(settingsOf(admin), { bleedMm: 0.5 });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toEqual({ ...DEFAULTS, bleedMm: 0.5 });
    expect((await as(admin.token).get(settingsOf(admin))).body.data).toEqual(partial.body.data);
  });

  it('gives a colour space alone its default profile, and a profile alone its colour space', async () => {
    const cmyk = await as(admin.token).put(settingsOf(admin), { colorSpace: 'cmyk' });
    expect(cmyk.status).toBe(200);
    expect(cmyk.body.data).toEqual({ ...DEFAULTS, colorSpace: 'cmyk', iccProfile: 'FOGRA39' });

    const gracol = await as(admin.token).put(settingsOf(admin), { iccProfile: 'GRACoL2006' });
    expect(gracol.status).toBe(200);
    expect(gracol.body.data).toEqual({
      ...DEFAULTS,
      colorSpace: 'cmyk',
      iccProfile: 'GRACoL2006',
    });

    const empty = await as(admin.token).put(settingsOf(admin), {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual(DEFAULTS);
    expect((await as(admin.token).get(settingsOf(admin))).body.data).toEqual(DEFAULTS);
  });

  it('answers 400 naming each value out of range or not allowed, and keeps the settings', async () => {
    const written = await as(admin.token).put(settingsOf(admin), { colorSpace: 'cmyk' });
    expect(written.status).toBe(200);
    const refused = async (body: Record<string, unknown>) => {
      const res = await as(admin.token).put(settingsOf(admin), body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      return res.text;
    };

    // Out of range: the field, its range and the value given.
    expect(await refused({ bleedMm: 11 })).toBe(
      'Invalid request: bleedMm must be from 0 to 10 (got 11).',
    );
    expect(await refused({ bleedMm: -1 })).toBe(
      'Invalid request: bleedMm must be from 0 to 10 (got -1).',
    );
    expect(await refused({ minimumDpi: 50 })).toBe(
      'Invalid request: minimumDpi must be from 72 to 1200 (got 50).',
    );
    expect(await refused({ minimumDpi: 150.5 })).toBe(
      'Invalid request: minimumDpi must be a whole number of dots per inch (got 150.5).',
    );
    expect(await refused({ pdfStandard: 'PDF/X-1a' })).toBe(
      'Invalid request: pdfStandard must be one of: PDF/X-4, none (got PDF/X-1a).',
    );
    expect(await refused({ colorSpace: 'rgb', iccProfile: 'FOGRA39' })).toBe(
      'Invalid print settings: iccProfile FOGRA39 is a CMYK profile, not RGB (sRGB).',
    );
    expect(await refused({ colorSpace: 'cmyk', iccProfile: 'sRGB' })).toMatch(
      /^Invalid print settings: iccProfile sRGB is an RGB profile, not CMYK \(FOGRA39, GRACoL2006\)\.$/,
    );

    expect(await refused({ fileNameTemplate: '{readableId}-{colour}-{location}' })).toBe(
      `Invalid print settings: fileNameTemplate names unknown placeholders {colour}; known: ${KNOWN}.`,
    );
    expect(await refused({ fileNameTemplate: 'a/b-{location}' })).toBe(
      `Invalid print settings: fileNameTemplate has characters that are unsafe in a ZIP entry: "/" ${ALLOWED}.`,
    );
    expect(await refused({ fileNameTemplate: 'a\\b:c-{location}' })).toBe(
      `Invalid print settings: fileNameTemplate has characters that are unsafe in a ZIP entry: "\\\\" ":" ${ALLOWED}.`,
    );
    expect(await refused({ fileNameTemplate: '{readableId}' })).toBe(
      `Invalid print settings: fileNameTemplate must include {location}: ${OWN_NAMES}.`,
    );
    // A replacement needs its body.
    const bare = await request(t.http).put(settingsOf(admin)).set('SERVICE_API_TOKEN', admin.token);
    expect([bare.status, bare.text]).toEqual([
      400,
      'A body is required: the print settings as a JSON object (Content-Type: application/json; {} for the defaults).',
    ]);
    expect(await refused({ fileNameTemplate: '' })).toBe(
      'Invalid request: fileNameTemplate must be 1–120 characters long (got "").',
    );

    // Every problem of one template is named at once.
    expect(await refused({ fileNameTemplate: '{sku}/{color}' })).toBe(
      `Invalid print settings: fileNameTemplate names unknown placeholders {color}; known: ${KNOWN}. ` +
        `fileNameTemplate has characters that are unsafe in a ZIP entry: "/" ${ALLOWED}. ` +
        `fileNameTemplate must include {location}: ${OWN_NAMES}.`,
    );

    expect((await as(admin.token).get(settingsOf(admin))).body.data).toEqual(written.body.data);
  });

  it('needs an Admin token of the client (a ServiceAdmin names any), and 404 for an unknown client', async () => {
    const user = await as(userToken).get(settingsOf(admin));
    expect(user.status).toBe(403);
    expect(user.headers['content-type']).toMatch(TEXT_TYPE);
    expect((await as(userToken).put(settingsOf(admin), CMYK)).status).toBe(403);

    const foreign = await as(admin.token).get(settingsOf(other));
    expect(foreign.status).toBe(403);
    expect(foreign.headers['content-type']).toMatch(TEXT_TYPE);
    expect((await as(admin.token).put(settingsOf(other), CMYK)).status).toBe(403);
    expect((await request(t.http).get(settingsOf(admin))).status).toBe(401);

    const unknown = await as(service.token).get(settingsOf('no-such-client'));
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('Client no-such-client was not found.');
    const unknownPut = await as(service.token).put(settingsOf('no-such-client'), CMYK);
    expect(unknownPut.status).toBe(404);
    expect(unknownPut.text).toBe('Client no-such-client was not found.');
  });

  it("keeps each client's settings its own, and lets a ServiceAdmin write any client's", async () => {
    const a = await createClient(t.app, { role: Role.Admin });
    const b = await createClient(t.app, { role: Role.Admin });
    expect((await as(a.token).put(settingsOf(a), CMYK)).status).toBe(200);
    expect((await as(b.token).get(settingsOf(b))).body.data).toEqual(DEFAULTS);

    const bySvc = await as(service.token).put(settingsOf(b.handle.toUpperCase()), {
      iccProfile: 'GRACoL2006',
      bleedMm: 2,
    });
    expect(bySvc.status).toBe(200);
    const expected = { ...DEFAULTS, colorSpace: 'cmyk', iccProfile: 'GRACoL2006', bleedMm: 2 };
    expect((await as(b.token).get(settingsOf(b))).body.data).toEqual(expected);
    expect((await as(service.token).get(settingsOf(b))).body.data).toEqual(expected);
    expect((await as(a.token).get(settingsOf(a))).body.data).toEqual(CMYK);
  });

  it('takes per-location overrides in a product definition, and answers 400 naming a bad one', async () => {
    const images = { mask: await uploadImage(t, admin), shading: await uploadImage(t, admin) };
    const products = `/api/catalog/${admin.handle}/products`;

    const bad = teeProduct(images, 'print-bad');
    (bad.locations[1] as Record<string, unknown>).print = {
      colorSpace: 'rgb',
      iccProfile: 'GRACoL2006',
      fileNameTemplate: '{readableId}-{colour}',
    };
    const refused = await as(admin.token).post(products, bad);
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(TEXT_TYPE);
    expect(refused.text).toBe(
      'Invalid product print-bad: ' +
        'locations[back].print.iccProfile GRACoL2006 is a CMYK profile, not RGB (sRGB). ' +
        `locations[back].print.fileNameTemplate names unknown placeholders {colour}; known: ${KNOWN}. ` +
        `locations[back].print.fileNameTemplate must include {location}: ${OWN_NAMES}.`,
    );
    expect((await as(admin.token).get(`${products}/print-bad`)).status).toBe(404);

    const unsafe = teeProduct(images, 'print-unsafe');
    (unsafe.locations[0] as Record<string, unknown>).print = { fileNameTemplate: 'x:{location}' };
    const unsafeRes = await as(admin.token).post(products, unsafe);
    expect(unsafeRes.status).toBe(400);
    expect(unsafeRes.text).toBe(
      'Invalid product print-unsafe: locations[front].print.fileNameTemplate has characters ' +
        `that are unsafe in a ZIP entry: ":" ${ALLOWED}.`,
    );

    const range = teeProduct(images, 'print-range');
    (range.locations[0] as Record<string, unknown>).print = { bleedMm: 20 };
    const rangeRes = await as(admin.token).post(products, range);
    expect(rangeRes.status).toBe(400);
    expect(rangeRes.text).toBe(
      'Invalid request: locations[0].print.bleedMm must be from 0 to 10 (got 20).',
    );

    const good = teeProduct(images, 'print-good');
    const override = { colorSpace: 'cmyk', bleedMm: 5, fileNameTemplate: '{sku}-{location}' };
    (good.locations[1] as Record<string, unknown>).print = override;
    const created = await as(admin.token).post(products, good);
    expect(created.status).toBe(201);
    expect(created.body.data.locations[1]).toEqual({
      handle: 'back',
      printArea: { widthMm: 300, heightMm: 400 },
      dpi: 150,
      embellishment: 'embroidery',
      print: override,
    });
    expect(created.body.data.locations[0].print).toBeUndefined();
    const read = await as(userToken).get(`${products}/print-good`);
    expect(read.status).toBe(200);
    expect(read.body.data.locations[1].print).toEqual(override);
  });

  it('makes the files again after the settings change: CMYK, the new bleed and names, PDF/X-4', async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    const api: OrdersApi = ordersApi(t, client);
    const id = await designed(client);
    const ack = await api.ack(order('PS-1', [line(id, 'DEMO-TEE-WHT-M', 2)], { priority: 4 }));
    expect(ack.status).toBe(200);

    // Ready with the defaults: sRGB, 3 mm bleed, `<readableId>-<location>`.
    const before = await ready(`/api/webtoprint/${id}`, client);
    expect(before.status).toBe(303);
    const oldZip = await download(before.headers.location, 'application/zip');
    const oldFiles = await unzip(oldZip);
    expect([...oldFiles.keys()].sort()).toEqual([
      `${id}-back.pdf`,
      `${id}-back.png`,
      `${id}-front.pdf`,
      `${id}-front.png`,
      'manifest.json',
    ]);
    const oldManifest = manifestOf(oldFiles);
    for (const l of oldManifest.locations) {
      expect(l.settings).toEqual(DEFAULTS);
      expect(l.bleedMm).toBe(3);
      expect(l.files[0]).toMatchObject({
        name: `${id}-${l.handle}.pdf`,
        colorSpace: 'rgb',
        iccProfile: 'sRGB IEC61966-2.1',
        bleedMm: 3,
      });
    }
    expect(await pdfX4Problems(oldFiles.get(`${id}-front.pdf`)!, 3)).toEqual([]);

    const put = await as(client.token).put(settingsOf(client), {
      colorSpace: 'cmyk',
      iccProfile: 'FOGRA39',
      bleedMm: 5,
      fileNameTemplate: '{purchaseOrderNumber}-{readableId}-{location}',
    });
    expect(put.status).toBe(200);

    // The files of the old settings are not those of the new: made again.
    const again = await as(client.token).get(`/api/webtoprint/${id}`);
    expect(again.status).toBe(202);
    expect(again.headers['retry-after']).toBe('3');
    const after = await ready(`/api/webtoprint/${id}`, client);
    expect(after.status).toBe(303);
    expect(after.headers.location).not.toBe(before.headers.location);
    const files = await zipAt(after.headers.location);
    const names = (l: string) => [`PS-1-${id}-${l}.pdf`, `PS-1-${id}-${l}.png`];
    expect([...files.keys()].sort()).toEqual(
      [...names('back'), ...names('front'), 'manifest.json'].sort(),
    );
    const manifest = manifestOf(files);
    expect(manifest.orderNumber).toBe('PS-1');
    expect(manifest.locations.map((l) => l.handle).sort()).toEqual(['back', 'front']);
    for (const l of manifest.locations) {
      expect(l.settings).toEqual({
        ...DEFAULTS,
        colorSpace: 'cmyk',
        iccProfile: 'FOGRA39',
        bleedMm: 5,
        fileNameTemplate: '{purchaseOrderNumber}-{readableId}-{location}',
      });
      expect(l.bleedMm).toBe(5);
      expect(l.files[0]).toMatchObject({
        name: `PS-1-${id}-${l.handle}.pdf`,
        standard: 'PDF/X-4',
        colorSpace: 'cmyk',
        iccProfile: 'FOGRA39',
        bleedMm: 5,
      });
      expect(l.files[1]).toMatchObject({ name: `PS-1-${id}-${l.handle}.png`, colorSpace: 'rgb' });
    }
    const pdf = files.get(`PS-1-${id}-front.pdf`)!;
    expect(await pdfX4Problems(pdf, 4)).toEqual([]);
    // The page is the 300 × 400 mm print area plus 5 mm on every side.
    const { width, height } = (await PDFDocument.load(pdf)).getPage(0).getSize();
    expect(width).toBeCloseTo(310 * PT_PER_MM, 1);
    expect(height).toBeCloseTo(410 * PT_PER_MM, 1);

    // The location's PDF is the new one; the files already made are still served as they were.
    const front = await as(client.token).get(`/api/webtoprint/${id}/location/front`);
    expect(front.status).toBe(303);
    expect((await download(front.headers.location, 'application/pdf')).equals(pdf)).toBe(true);
    expect((await download(before.headers.location, 'application/zip')).equals(oldZip)).toBe(true);
    // Two print file sets of the demo tee (one CMYK, PDF/X-4): over 120 s once on a 2-core
    // machine running three other CPU-bound test processes. A ceiling only a hang reaches.
  }, 300_000);

  it('names a proof "proof" for its order number in the file names', async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    const id = await designed(client, 'demo-bottle');
    const put = await as(client.token).put(settingsOf(client), {
      iccProfile: 'GRACoL2006',
      fileNameTemplate: '{purchaseOrderNumber}-{readableId}-{location}-v{designVersion}',
    });
    expect(put.status).toBe(200);
    const res = await ready(`/api/webtoprint/${id}`, client);
    expect(res.status).toBe(303);
    const files = await zipAt(res.headers.location);
    expect([...files.keys()].sort()).toEqual(
      [`proof-${id}-wrap-v1.pdf`, `proof-${id}-wrap-v1.png`, 'manifest.json'].sort(),
    );
    const manifest = manifestOf(files);
    expect(manifest.orderNumber).toBeNull();
    expect(manifest.locations[0].files[0]).toMatchObject({
      colorSpace: 'cmyk',
      iccProfile: 'CGATS TR 006',
      bleedMm: 3,
    });
    expect(await pdfX4Problems(files.get(`proof-${id}-wrap-v1.pdf`)!, 4)).toEqual([]);
  }, 120_000);

  it('makes the files of a template with spaces whose names outgrow 128 characters', async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    const id = await designed(client, 'demo-bottle');
    const template = `Order {purchaseOrderNumber} {uuid} {uuid} {location} ${'x'.repeat(67)}`;
    expect(template).toHaveLength(120);
    const put = await as(client.token).put(settingsOf(client), { fileNameTemplate: template });
    expect(put.status).toBe(200);
    const res = await ready(`/api/webtoprint/${id}`, client);
    expect(res.status).toBe(303);
    const files = await zipAt(res.headers.location);
    const [{ uuid }] = await t.dataSource.query<{ uuid: string }[]>(
      'SELECT id AS uuid FROM recipe_set WHERE readable_id = $1',
      [id],
    );
    // 158 characters filled: cut to 124, 128 with the extension.
    const base = `Order proof ${uuid} ${uuid} wrap ${'x'.repeat(33)}`;
    expect(base).toHaveLength(124);
    expect([...files.keys()].sort()).toEqual([`${base}.pdf`, `${base}.png`, 'manifest.json']);
    expect(manifestOf(files).locations[0].files.map((f) => f.name)).toEqual([
      `${base}.pdf`,
      `${base}.png`,
    ]);
  }, 120_000);
});
