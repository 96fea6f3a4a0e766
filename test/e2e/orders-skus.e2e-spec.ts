import request from 'supertest';
import { TestClient } from '../factories/clients';
import { address, line, order, processed, TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { skuOrders } from '../support/sku-orders';

/**
 * Line items' SKUs checked against their recipe set's product under the default policy, strict
 * (docs/design.md §6): the demo designs are demo-tee in white, size S (the product's first values),
 * so DEMO-TEE-BLK-M is another colour, DEMO-TEE-WHT-M another size (allowed) and NO-SUCH-SKU none
 * of its SKUs. No job workers: nothing here needs print files (orders-sku-policy.e2e-spec.ts
 * checks the warnings in them).
 */
describe('Orders: SKUs checked against the product (HTTP)', () => {
  let t: TestApp;
  const { as, ack, settings, adminClient, designed } = skuOrders(() => t);
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
    t = await createTestApp();
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
});
