import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, createToken, TestClient } from '../factories/clients';
import { address, line, order, processed, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { shownText } from '../support/pdf-text';
import { assertCliBuilt, runCli } from '../support/run-cli';
import { webhooksApi } from '../support/webhooks';
import { bytesParser, unzip } from '../support/zip';

/**
 * Line items' SKUs checked against their recipe set's product (docs/design.md §6): the demo
 * designs are demo-tee in white, size S (the product's first values), so DEMO-TEE-BLK-M is
 * another colour, DEMO-TEE-WHT-M another size (allowed) and NO-SUCH-SKU none of its SKUs.
 */
describe('Orders: SKUs checked against the product (HTTP)', () => {
  let t: TestApp;

  const as = (client: TestClient | string) => ({
    SERVICE_API_TOKEN: typeof client === 'string' ? client : client.token,
  });
  const ack = (client: TestClient, body: object, path = '/api/order/acknowledgement') =>
    request(t.http).post(path).set(as(client)).send(body);
  const settings = (client: TestClient | string, handle: string, body?: object) => {
    const url = `/api/clients/${handle}/order-settings`;
    return body
      ? request(t.http).patch(url).set(as(client)).send(body)
      : request(t.http).get(url).set(as(client));
  };
  /** An Admin client with the demo catalog, its SKU policy set to `policy` when given. */
  const adminClient = async (policy?: string) => {
    const client = await createClient(t.app, { role: Role.Admin });
    await t.app.get(DemoService).installCatalog(client.handle);
    if (policy)
      expect((await settings(client, client.handle, { skuPolicy: policy })).status).toBe(200);
    return client;
  };
  const designed = async (client: TestClient, count = 1) =>
    (await t.app.get(DemoService).createRecipeSets(client.handle, { count })).map(
      (r) => r.readableId,
    );
  const stored = async (client: TestClient, po?: string) =>
    (
      await t.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM purchase_order WHERE client_id = $1 AND ($2::text IS NULL OR purchase_order_number = $2)`,
        [client.id, po ?? null],
      )
    )[0].n;
  const statusOf = async (readableId: string) =>
    (
      await t.dataSource.query<{ status: string }[]>(
        'SELECT status FROM recipe_set WHERE readable_id = $1',
        [readableId],
      )
    )[0].status;
  const refused = (recipeSetId: string, message: string) => ({
    recipeSetId,
    success: false,
    message,
  });

  beforeAll(async () => {
    assertCliBuilt();
    t = await createTestApp({ env: { WORKERS: 'true' } });
  });
  afterAll(() => t.close());

  describe('strict (the default)', () => {
    let a: TestClient;
    beforeAll(async () => {
      a = await adminClient();
    });

    it('is the policy of a client that set none', async () => {
      const res = await settings(a, a.handle);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ skuPolicy: 'strict' });
    });

    it('refuses a SKU the product does not list: 422 naming it, nothing stored', async () => {
      const [id] = await designed(a);
      const res = await ack(a, order('SKU-UNKNOWN', [line(id, 'NO-SUCH-SKU', 2)]));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        purchaseOrderNumber: 'SKU-UNKNOWN',
        statuses: [
          refused(id, 'SKU NO-SUCH-SKU is not a SKU of product demo-tee. Nothing was stored.'),
        ],
        allSuccessful: false,
      });
      expect(await stored(a, 'SKU-UNKNOWN')).toBe(0);
      expect(await statusOf(id)).toBe('Created');
    });

    it('refuses a colour the design is not, and with it the whole order', async () => {
      const [black, fine] = await designed(a, 2);
      const res = await ack(
        a,
        order('SKU-COLOUR', [line(black, 'DEMO-TEE-BLK-M'), line(fine, 'DEMO-TEE-WHT-M')]),
      );
      expect(res.status).toBe(422);
      expect(res.body.statuses).toEqual([
        refused(
          black,
          `SKU DEMO-TEE-BLK-M is colour black, but recipe set ${black} is designed in colour white. Nothing was stored.`,
        ),
        refused(
          fine,
          'Not stored: another recipe set of this order was refused, and an order is stored whole or not at all.',
        ),
      ]);
      expect(await stored(a, 'SKU-COLOUR')).toBe(0);
      expect([await statusOf(black), await statusOf(fine)]).toEqual(['Created', 'Created']);
    });

    it('refuses a size the product does not have (a SKU of none, or the line item size)', async () => {
      const [id] = await designed(a);
      const xxl = await ack(a, order('SKU-SIZE-1', [line(id, 'DEMO-TEE-WHT-XXL')]));
      expect(xxl.status).toBe(422);
      expect(xxl.body.statuses[0].message).toBe(
        'SKU DEMO-TEE-WHT-XXL is not a SKU of product demo-tee. Nothing was stored.',
      );
      const sized = await ack(
        a,
        order('SKU-SIZE-2', [{ ...line(id, 'DEMO-TEE-WHT-M'), size: 'XXL' }]),
      );
      expect(sized.status).toBe(422);
      expect(sized.body.statuses[0].message).toBe(
        "SKU DEMO-TEE-WHT-M is size M, but the line item's size is XXL. Size XXL is not a size of product demo-tee (its sizes: S, M, L, XL). Nothing was stored.",
      );
      expect((await stored(a, 'SKU-SIZE-1')) + (await stored(a, 'SKU-SIZE-2'))).toBe(0);
    });

    it('accepts SKUs of the design colour in any size the product has, in any case', async () => {
      const [id] = await designed(a);
      const res = await ack(
        a,
        order('SKU-OK', [
          {
            recipeSetId: id,
            skuQuantities: [
              { sku: 'DEMO-TEE-WHT-S', quantity: '2' },
              { sku: 'demo-tee-wht-xl', quantity: 1 },
            ],
          },
        ]),
      );
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('SKU-OK', id));
      expect(await statusOf(id)).toBe('Ordered');
    });

    it('answers a batch with one result per order; one refused order stores none', async () => {
      const [good, bad] = await designed(a, 2);
      const res = await ack(
        a,
        [
          order('SKU-BATCH-1', [line(good, 'DEMO-TEE-WHT-M')]),
          order('SKU-BATCH-2', [line(bad, 'DEMO-TEE-BLK-M')]),
        ],
        '/api/order/acknowledgements',
      );
      expect(res.status).toBe(422);
      expect(res.body).toEqual([
        {
          purchaseOrderNumber: 'SKU-BATCH-1',
          statuses: [
            refused(
              good,
              'Not stored: purchase order SKU-BATCH-2 of this batch was refused, and a batch is stored whole or not at all.',
            ),
          ],
          allSuccessful: false,
        },
        {
          purchaseOrderNumber: 'SKU-BATCH-2',
          statuses: [
            refused(
              bad,
              `SKU DEMO-TEE-BLK-M is colour black, but recipe set ${bad} is designed in colour white. Nothing was stored.`,
            ),
          ],
          allSuccessful: false,
        },
      ]);
      expect(await stored(a, 'SKU-BATCH-1')).toBe(0);
    });

    it('checks a full order (POST /api/order) the same way', async () => {
      const [id] = await designed(a);
      const body = order('SKU-FULL', [line(id, 'NO-SUCH-SKU')], {
        customerAddress: address('C'),
        shippingAddress: address('S'),
      });
      const res = await ack(a, body, '/api/order');
      expect(res.status).toBe(422);
      expect(res.body.statuses[0].message).toBe(
        'SKU NO-SUCH-SKU is not a SKU of product demo-tee. Nothing was stored.',
      );
      expect(await stored(a, 'SKU-FULL')).toBe(0);
    });

    it('does not check a product that lists no SKUs (they live in the client ERP)', async () => {
      const demo = await request(t.http)
        .get(`/api/catalog/${a.handle}/products/demo-tee`)
        .set(as(a));
      const created = await request(t.http)
        .post(`/api/catalog/${a.handle}/products`)
        .set(as(a))
        .send({ ...demo.body.data, handle: 'erp-tee', skus: [] });
      expect(created.status).toBe(201);
      const rs = await request(t.http)
        .post('/api/recipesets')
        .set(as(a))
        .send({ productHandle: 'erp-tee' });
      expect(rs.status).toBe(201);
      const id = rs.body.data.readableId as string;
      const res = await ack(a, order('SKU-ERP', [line(id, 'ERP-4711-BLK')]));
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('SKU-ERP', id));
    });

    it('bounds quantities at MAX_LINE_ITEM_QUANTITY (10000), naming the field and the bound', async () => {
      const [id] = await designed(a);
      const res = await ack(
        a,
        order('SKU-QTY', [
          {
            recipeSetId: id,
            skuQuantities: [
              { sku: 'DEMO-TEE-WHT-S', quantity: 10_000 },
              { sku: 'DEMO-TEE-WHT-M', quantity: '10001' },
            ],
          },
        ]),
      );
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(TEXT_TYPE);
      expect(res.text).toBe(
        'Invalid request: lineItems[0].skuQuantities[1].quantity is 10001; a quantity may be at most 10000 (MAX_LINE_ITEM_QUANTITY).',
      );
      expect(await stored(a, 'SKU-QTY')).toBe(0);
      const most = await ack(a, order('SKU-QTY-MOST', [line(id, 'DEMO-TEE-WHT-S', 10_000)]));
      expect(most.status).toBe(200);
    });
  });

  describe('warn', () => {
    it('accepts, and says so in the order.warning event, the specification PDF and the manifest', async () => {
      const w = await adminClient('warn');
      const [id] = await designed(w);
      const res = await ack(w, order('SKU-WARN', [line(id, 'DEMO-TEE-BLK-M', 2)]));
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('SKU-WARN', id));
      const warning = `SKU DEMO-TEE-BLK-M is colour black, but recipe set ${id} is designed in colour white.`;

      const events = await webhooksApi(t, w.token).allEvents();
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining(['order.acknowledged', 'order.warning']),
      );
      const event = events.find((e) => e.type === 'order.warning')!;
      expect(event.data).toEqual({
        clientHandle: w.handle,
        purchaseOrderNumber: 'SKU-WARN',
        sequence: 2,
        warnings: [
          { recipeSetReadableId: id, lineItemPosition: 0, sku: 'DEMO-TEE-BLK-M', message: warning },
        ],
        warningCount: 1,
      });

      const sheet = await request(t.http)
        .get(`/${w.handle}/specification/${id}/pdf/`)
        .set(as(w))
        .buffer(true)
        .parse(bytesParser);
      expect(sheet.status).toBe(200);
      expect(await shownText(sheet.body as Buffer)).toContain(`Warning: ${warning}`);

      let files = await request(t.http).get(`/api/webtoprint/${id}/`).set(as(w));
      for (let i = 0; i < 600 && files.status === 202; i++) {
        await new Promise((r) => setTimeout(r, 100));
        files = await request(t.http).get(`/api/webtoprint/${id}/`).set(as(w));
      }
      expect(files.status).toBe(303);
      const zip = await request(t.http)
        .get(files.headers.location.replace('http://api.test', ''))
        .buffer(true)
        .parse(bytesParser);
      const manifest = JSON.parse(
        (await unzip(zip.body as Buffer)).get('manifest.json')!.toString(),
      );
      expect(manifest).toMatchObject({
        orderNumber: 'SKU-WARN',
        options: { colour: 'white', size: 'S' },
        items: [{ sku: 'DEMO-TEE-BLK-M', quantity: 2 }],
        orderWarnings: [warning],
      });
    }, 120_000);
  });

  describe('off', () => {
    it('accepts any SKU without a warning', async () => {
      const o = await adminClient('off');
      const [id] = await designed(o);
      const res = await ack(o, order('SKU-OFF', [line(id, 'NO-SUCH-SKU')]));
      expect(res.status).toBe(200);
      expect(res.text).toBe(processed('SKU-OFF', id));
      const types = (await webhooksApi(t, o.token).allEvents()).map((e) => e.type);
      expect(types).toContain('order.acknowledged');
      expect(types).not.toContain('order.warning');
      const [row] = await t.dataSource.query<{ sku_warnings: unknown }[]>(
        `SELECT l.sku_warnings FROM order_line_item l JOIN purchase_order o ON o.id = l.order_id
          WHERE o.client_id = $1`,
        [o.id],
      );
      expect(row).toEqual({ sku_warnings: null });
    });
  });

  describe('the policy', () => {
    it('is set by Admins through the API (any case), not Users, nor for another client', async () => {
      const c = await adminClient();
      const other = await adminClient();
      const user = await createToken(t.app, c.handle, Role.User);
      const set = await settings(c, c.handle, { skuPolicy: 'WARN' });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ skuPolicy: 'warn' });
      expect((await settings(c, c.handle, {})).body).toEqual({ skuPolicy: 'warn' });
      expect((await settings(user, c.handle)).status).toBe(403);
      expect((await settings(user, c.handle, { skuPolicy: 'off' })).status).toBe(403);
      expect((await settings(c, other.handle, { skuPolicy: 'off' })).status).toBe(403);
      const bad = await settings(c, c.handle, { skuPolicy: 'loose' });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('skuPolicy must be one of strict, warn, off, not "loose"');
      expect((await settings(c, c.handle)).body).toEqual({ skuPolicy: 'warn' });
      expect((await settings(other, other.handle)).body).toEqual({ skuPolicy: 'strict' });
    });

    it('is set by operators with `client settings --sku-policy`', async () => {
      const c = await adminClient();
      const run = await runCli(t.db.env, 'client', 'settings', c.handle, '--sku-policy', 'off');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({ handle: c.handle, skuPolicy: 'off' });
      expect((await settings(c, c.handle)).body).toEqual({ skuPolicy: 'off' });
      const [id] = await designed(c);
      expect((await ack(c, order('SKU-CLI', [line(id, 'NO-SUCH-SKU')]))).status).toBe(200);
      const bad = await runCli(t.db.env, 'client', 'settings', c.handle, '--sku-policy', 'loose');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--sku-policy must be one of strict, warn, off, not "loose"');
    }, 120_000);
  });
});
