import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { JSON_TYPE, OrdersApi, ordersApi, TEXT_TYPE } from '../factories/orders';
import { createRecipeSets } from '../factories/recipe-sets';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';

// A day ahead of the database's clock: a time the app took from anywhere else would show.
const clock = new ManualClock(Date.now() + 86_400_000);

interface LineItem {
  id: number;
  recipeSetId: string;
  workflowStatus: string;
  shipmentTracking: string | null;
  shipmentVendor: string | null;
  serialNumbers: string[] | null;
}

describe('Orders: workflow status and ship notifications (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;
  let seq = 0;

  /** An acknowledged order (date only) of `n` recipe sets, each line two sku-quantity pairs. */
  const placeOrder = async (n = 1): Promise<{ po: string; ids: string[]; uuids: string[] }> => {
    const po = `U-${++seq}`;
    const skuQuantities = [
      { sku: 'TEE-S', quantity: 1 },
      { sku: 'TEE-M', quantity: 2 },
    ];
    const sets = await api.placeOrder(po, n, skuQuantities, { orderDate: '2026-03-30' });
    return { po, ids: sets.map((s) => s.readableId), uuids: sets.map((s) => s.uuid) };
  };
  const read = async (po: string) => {
    const res = await api.getOrder(po);
    expect(res.status).toBe(200);
    return res.body as {
      productionStartDateTime: string | null;
      lastModification: string;
      lineItems: LineItem[];
    };
  };
  const setStatus = (method: 'put' | 'post', po: string, entries: [string, string][]) =>
    request(t.http)
      [method]('/api/order/status/')
      .set(api.auth())
      .send({
        purchaseOrderNumber: po,
        lineItems: entries.map(([recipeSetReadableId, workflowStatus]) => ({
          recipeSetReadableId,
          workflowStatus,
        })),
      });
  const ship = (po: string, lineItems: Record<string, unknown>[]) =>
    request(t.http)
      .post('/api/order/ship-notification/')
      .set(api.auth())
      .send({ purchaseOrderNumber: po, lineItems });
  const history = async (po: string) =>
    await t.dataSource.query<
      {
        change: string;
        workflow_status: string | null;
        shipment_tracking: string[] | null;
        readable_id: string;
      }[]
    >(
      `SELECT h.change, h.workflow_status, h.shipment_tracking, r.readable_id
       FROM line_item_history h
       JOIN order_line_item li ON li.id = h.line_item_id
       JOIN recipe_set r ON r.id = li.recipe_set_id
       JOIN purchase_order o ON o.id = h.order_id
       WHERE o.purchase_order_number = $1 AND o.client_id = $2 ORDER BY h.id`,
      [po, a.id],
    );

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('PUT accepts one entry per sku-quantity pair and starts production on the first in-progress', async () => {
    const { po, ids } = await placeOrder();
    const [rs] = ids;
    const before = await read(po);
    expect(before.productionStartDateTime).toBeNull();
    clock.advance(1000);
    const res = await setStatus('put', po, [
      [rs, 'in-progress'],
      [rs, 'in-progress'],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    expect(res.text).toBe(
      JSON.stringify({
        purchaseOrderNumber: po,
        status: 'OK',
        details: `Updated workflow status for recipeSetReadableId(s): ${rs}.`,
      }),
    );
    const started = await read(po);
    expect(started.lineItems.map((l) => l.workflowStatus)).toEqual(['in-progress']);
    expect(started.productionStartDateTime).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(Date.parse(started.lastModification)).toBeGreaterThan(
      Date.parse(before.lastModification),
    );
    expect(await history(po)).toEqual([
      {
        change: 'status',
        workflow_status: 'in-progress',
        shipment_tracking: null,
        readable_id: rs,
      },
    ]);

    clock.advance(1000);
    const step = await setStatus('post', po, [[rs, 'in-progress-step-1']]);
    expect(step.status).toBe(200);
    const later = await read(po);
    expect(later.lineItems[0].workflowStatus).toBe('in-progress-step-1');
    expect(later.productionStartDateTime).toBe(started.productionStartDateTime);
    expect(await history(po)).toHaveLength(2);
  });

  it('POST is equivalent to PUT, names every line item, takes UUIDs and any case', async () => {
    const { po, ids, uuids } = await placeOrder(2);
    const res = await setStatus('post', po, [
      [ids[0].toLowerCase(), 'IN-PROGRESS'],
      [uuids[1], 'On-Hold'],
      [ids[0], 'In-Progress'],
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      purchaseOrderNumber: po,
      status: 'OK',
      details: `Updated workflow status for recipeSetReadableId(s): ${ids[0]}, ${ids[1]}.`,
    });
    const order = await read(po);
    expect(order.lineItems.map((l) => [l.recipeSetId, l.workflowStatus])).toEqual([
      [ids[0], 'in-progress'],
      [ids[1], 'on-hold'],
    ]);
    expect((await history(po)).map((h) => [h.readable_id, h.workflow_status])).toEqual([
      [ids[0], 'in-progress'],
      [ids[1], 'on-hold'],
    ]);
  });

  // docs/design.md §6: set when a line item first enters an in-progress* status, also when an
  // acknowledgement gives it one as its initial workflowStatus.
  it('sets productionStartDateTime when a line item is acknowledged already in-progress', async () => {
    const [rs] = await createRecipeSets(t.app, a.id);
    await api
      .ack({
        purchaseOrderNumber: 'U-STARTED',
        orderDate: '2026-03-30',
        lineItems: [{ recipeSetId: rs.readableId, workflowStatus: 'in-progress' }],
      })
      .expect(200);
    const order = await read('U-STARTED');
    expect(order.lineItems[0].workflowStatus).toBe('in-progress');
    expect(order.productionStartDateTime).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('does not start production for a status outside in-progress*', async () => {
    const { po, ids } = await placeOrder();
    expect((await setStatus('put', po, [[ids[0], 'completed']])).status).toBe(200);
    expect((await read(po)).productionStartDateTime).toBeNull();
  });

  it('answers 400 text for an unknown workflow status and changes nothing', async () => {
    const { po, ids } = await placeOrder();
    const res = await setStatus('put', po, [[ids[0], 'shipped']]);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toContain('lineItems[0].workflowStatus must be one of: not-started, ');
    const empty = await request(t.http)
      .put('/api/order/status')
      .set(api.auth())
      .send({ purchaseOrderNumber: po, lineItems: [] });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('lineItems');
    const blank = await setStatus('put', ' ', [[' ', 'in-progress']]);
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('purchaseOrderNumber must not be empty');
    expect(blank.text).toContain('lineItems[0].recipeSetReadableId must not be empty');
    const unnamed = await ship(po, [{ recipeSetReadableId: '', shipmentTracking: 'T1' }]);
    expect(unnamed.status).toBe(400);
    expect(unnamed.text).toContain('lineItems[0].recipeSetReadableId must not be empty');
    expect((await read(po)).lineItems[0].workflowStatus).toBe('not-started');
    expect(await history(po)).toEqual([]);
  });

  it('answers 400 for a number or tracking the database cannot store, and changes nothing', async () => {
    const { po, ids } = await placeOrder();
    const status = await setStatus('put', `${po}\u0000`, [[ids[0], 'in-progress']]);
    expect(status.status).toBe(400);
    expect(status.text).toBe(
      'Invalid request: purchaseOrderNumber must not contain NUL characters or unpaired surrogates.',
    );
    const shipped = await ship(po, [
      { recipeSetReadableId: ids[0], shipmentTracking: ['T1\ud800'] },
    ]);
    expect(shipped.status).toBe(400);
    expect(shipped.text).toContain('lineItems[0].shipmentTracking[0] must not contain NUL');
    expect((await read(po)).lineItems[0]).toMatchObject({
      workflowStatus: 'not-started',
      shipmentTracking: null,
    });
    expect(await history(po)).toEqual([]);
  });

  it('attaches tracking sent as an array or as a string, answering the documented details', async () => {
    const { po, ids } = await placeOrder(2);
    const res = await ship(po, [
      {
        recipeSetReadableId: ids[0],
        shipmentTracking: ['T1', 'T2'],
        shipmentVendor: 'UPS',
        serialNumbers: [],
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    expect(res.text).toBe(
      JSON.stringify({
        purchaseOrderNumber: po,
        status: 'OK',
        details: `Updated tracking number for recipeSetReadableId(s): ${ids[0]}.`,
      }),
    );
    const asString = await ship(po, [
      {
        recipeSetReadableId: ids[1],
        shipmentTracking: '1Z999AA10123456784',
        serialNumbers: ['SN-1'],
      },
    ]);
    expect(asString.body).toEqual({
      purchaseOrderNumber: po,
      status: 'OK',
      details: `Updated tracking number for recipeSetReadableId(s): ${ids[1]}.`,
    });
    const order = await read(po);
    expect(
      order.lineItems.map((l) => [l.shipmentTracking, l.shipmentVendor, l.serialNumbers]),
    ).toEqual([
      ['T1,T2', 'UPS', null],
      ['1Z999AA10123456784', null, ['SN-1']],
    ]);
    expect(order.lineItems.map((l) => l.workflowStatus)).toEqual(['not-started', 'not-started']);
    expect((await history(po)).map((h) => [h.change, h.readable_id, h.shipment_tracking])).toEqual([
      ['shipment', ids[0], ['T1', 'T2']],
      ['shipment', ids[1], ['1Z999AA10123456784']],
    ]);
  });

  it('answers 404 UpdateResult JSON for a missing order', async () => {
    const { ids } = await placeOrder();
    const status = await setStatus('put', 'NO-SUCH-PO', [[ids[0], 'in-progress']]);
    expect(status.status).toBe(404);
    expect(status.headers['content-type']).toMatch(JSON_TYPE);
    expect(status.text).toBe(
      JSON.stringify({
        purchaseOrderNumber: 'NO-SUCH-PO',
        status: 'Error',
        details: 'Purchase order NO-SUCH-PO was not found.',
      }),
    );
    const shipped = await ship('NO-SUCH-PO', [
      { recipeSetReadableId: ids[0], shipmentTracking: 'T' },
    ]);
    expect(shipped.status).toBe(404);
    expect(shipped.body).toEqual({
      purchaseOrderNumber: 'NO-SUCH-PO',
      status: 'Error',
      details: 'Purchase order NO-SUCH-PO was not found.',
    });
  });

  it('answers 404 naming a missing line item and updates none of the others', async () => {
    const { po, ids } = await placeOrder(2);
    const [other] = (await createRecipeSets(t.app, a.id)).map((r) => r.readableId);
    const before = await read(po);
    const res = await setStatus('put', po, [
      [ids[0], 'in-progress'],
      [other, 'in-progress'],
      ['not-an-id', 'in-progress'],
      [ids[1], 'completed'],
    ]);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    expect(res.body).toEqual({
      purchaseOrderNumber: po,
      status: 'Error',
      details: `No line item of purchase order ${po} for recipeSetReadableId(s): ${other}, not-an-id. Nothing was updated.`,
    });
    const shipped = await ship(po, [
      { recipeSetReadableId: ids[1], shipmentTracking: ['T1'] },
      { recipeSetReadableId: other, shipmentTracking: ['T2'] },
    ]);
    expect(shipped.status).toBe(404);
    expect(shipped.body.details).toBe(
      `No line item of purchase order ${po} for recipeSetReadableId(s): ${other}. Nothing was updated.`,
    );
    const after = await read(po);
    expect(after).toEqual(before);
    expect(after.lineItems.map((l) => [l.workflowStatus, l.shipmentTracking])).toEqual([
      ['not-started', null],
      ['not-started', null],
    ]);
    expect(await history(po)).toEqual([]);
  });

  it('keeps the history append-only: the database refuses UPDATE and DELETE', async () => {
    const { po, ids } = await placeOrder();
    await setStatus('put', po, [[ids[0], 'in-progress']]).expect(200);
    await ship(po, [{ recipeSetReadableId: ids[0], shipmentTracking: ['T1'] }]).expect(200);
    const rows = await history(po);
    expect(rows.map((h) => h.change)).toEqual(['status', 'shipment']);
    await expect(
      t.dataSource.query(`UPDATE line_item_history SET workflow_status = 'cancelled'`),
    ).rejects.toThrow(/line_item_history is append-only/);
    await expect(t.dataSource.query('DELETE FROM line_item_history')).rejects.toThrow(
      /line_item_history is append-only/,
    );
    expect(await history(po)).toEqual(rows);
  });
});
