import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { orderEventSummary, sandboxApi } from '../support/sandbox';

const ORDER_EVENTS = 'order.line_item.status_changed';

/**
 * The sandbox helpers drive a sandbox order as a factory would: each fires exactly the events of
 * the real transition, numbered in the order's sequence; all or nothing.
 */
describe('Sandbox: order helpers (HTTP)', () => {
  let t: TestApp;
  let sb: TestClient;
  let api: ReturnType<typeof sandboxApi>;
  let ids: string[];
  let poNumber = 0;
  const newPo = () => `SBX-${process.pid}-${++poNumber}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true', SANDBOX_STEP_SECONDS: '0' } });
    sb = await createClient(t.app, { role: Role.Admin, sandbox: true });
    api = sandboxApi(t, sb);
    const demo = t.app.get(DemoService);
    await demo.installCatalog(sb.handle);
    ids = (await demo.createRecipeSets(sb.handle, { count: 8, product: 'demo-tee' })).map(
      (r) => r.readableId,
    );
  });
  afterAll(() => t.close());

  it('advances one line item, then all, firing one status event each in sequence', async () => {
    const po = newPo();
    const [x, y] = ids.slice(0, 2);
    await api.acknowledge(po, [x, y]);
    const one = await api.advance(po, { recipeSetReadableId: x, to: 'In-Progress' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      purchaseOrderNumber: po,
      status: 'OK',
      details: `Updated workflow status for recipeSetReadableId(s): ${x}.`,
    });
    const all = await api.advance(po, { to: 'completed' });
    expect(all.status).toBe(200);
    const events = await api.eventsUntil({ purchaseOrderNumber: po }, 4);
    expect(orderEventSummary(events)).toEqual([
      { type: 'order.acknowledged', sequence: 1, recipeSetReadableId: undefined },
      { type: ORDER_EVENTS, sequence: 2, recipeSetReadableId: x, status: 'in-progress' },
      { type: ORDER_EVENTS, sequence: 3, recipeSetReadableId: x, status: 'completed' },
      { type: ORDER_EVENTS, sequence: 4, recipeSetReadableId: y, status: 'completed' },
    ]);
    // The recipe sets follow, with their own events (as for PUT /api/order/status).
    const moved = await api.eventsUntil({ type: 'recipe_set.status_changed' }, 1);
    expect(
      moved.some((e) => e.data.recipeSetReadableId === x && e.data.status === 'Processing'),
    ).toBe(true);
    const read = await api.readOrder(po);
    expect(read.body.lineItems.map((l: { workflowStatus: string }) => l.workflowStatus)).toEqual([
      'completed',
      'completed',
    ]);
  });

  it('ships packages: one shipment event per line item, tracking generated when omitted', async () => {
    const po = newPo();
    const [x, y] = ids.slice(2, 4);
    await api.acknowledge(po, [x, y]);
    const res = await api.ship(po, {
      packages: [
        {
          recipeSetReadableIds: [x],
          shipmentVendor: 'UPS',
          shipmentTracking: '1Z999AA10123456784',
        },
        { recipeSetReadableIds: [y] },
      ],
    });
    expect(res.status).toBe(200);
    const generated = res.body.packages[1].shipmentTracking[0];
    expect(generated).toMatch(/^SBX[A-Z2-9]{10}$/);
    expect(res.body.packages).toEqual([
      {
        recipeSetReadableIds: [x],
        shipmentVendor: 'UPS',
        shipmentTracking: ['1Z999AA10123456784'],
      },
      { recipeSetReadableIds: [y], shipmentVendor: null, shipmentTracking: [generated] },
    ]);
    const events = await api.eventsUntil(
      { purchaseOrderNumber: po, type: 'order.shipment.recorded' },
      2,
    );
    expect(
      events.map((e) => [e.data.sequence, e.data.recipeSetReadableId, e.data.shipmentTracking]),
    ).toEqual([
      [2, x, ['1Z999AA10123456784']],
      [3, y, [generated]],
    ]);
    const read = await api.readOrder(po);
    expect(
      read.body.lineItems.map((l: { shipmentTracking: string }) => l.shipmentTracking),
    ).toEqual(['1Z999AA10123456784', generated]);
  });

  it('ships once for an Idempotency-Key given twice (the answer replayed)', async () => {
    const po = newPo();
    await api.acknowledge(po, [ids[7]]);
    const ship = () =>
      request(t.http)
        .post(`/api/sandbox/orders/${po}/ship`)
        .set({ SERVICE_API_TOKEN: sb.token, 'Idempotency-Key': `ship-${po}` })
        .send({});
    const first = await ship();
    const again = await ship();
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const events = await api.eventsUntil({ purchaseOrderNumber: po }, 2);
    expect(events.map((e) => e.type)).toEqual(['order.acknowledged', 'order.shipment.recorded']);
  });

  it('cancels named line items: the recipe set is Cancelled and its print files withheld', async () => {
    const po = newPo();
    const [x, y] = ids.slice(4, 6);
    await api.acknowledge(po, [x, y]);
    const res = await api.cancel(po, { recipeSetReadableIds: [x] });
    expect(res.status).toBe(200);
    const events = await api.eventsUntil({ purchaseOrderNumber: po, type: ORDER_EVENTS }, 1);
    expect(orderEventSummary(events)).toEqual([
      { type: ORDER_EVENTS, sequence: 2, recipeSetReadableId: x, status: 'cancelled' },
    ]);
    const files = await request(t.http)
      .get(`/api/webtoprint/${x}`)
      .set('SERVICE_API_TOKEN', sb.token)
      .set('Accept', 'text/plain');
    expect(files.status).toBe(403);
    expect(files.text).toContain(`Recipe set ${x} is Cancelled`);
  });

  it('changes nothing when a named line item or the order is missing (404, an UpdateResult)', async () => {
    const po = newPo();
    const [x] = ids.slice(6, 7);
    await api.acknowledge(po, [x]);
    const missing = await api.cancel(po, { recipeSetReadableIds: [x, 'ZZZZZZZZ'] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ purchaseOrderNumber: po, status: 'Error' });
    expect(missing.body.details).toContain('ZZZZZZZZ');
    const noOrder = await api.advance('NO-SUCH-PO', { to: 'in-progress' });
    expect(noOrder.status).toBe(404);
    const shipNoOrder = await api.ship('NO-SUCH-PO');
    expect(shipNoOrder.status).toBe(404);
    expect((await api.readOrder(po)).body.lineItems[0].workflowStatus).toBe('not-started');
    expect(await api.events({ purchaseOrderNumber: po, type: ORDER_EVENTS })).toEqual([]);
  });

  it('answers 400 naming a bad status, a bad scenario or a blank reason', async () => {
    const bad = await api.advance('ANY', { to: 'finished' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('to');
    const scenario = await api.run('ANY', 'sad-path');
    expect(scenario.status).toBe(400);
    expect(scenario.text).toContain('happy-path, with-revision, cancelled');
    const reason = await api.failPrintFiles(ids[0], '  ');
    expect(reason.status).toBe(400);
    expect(reason.text).toContain('reason');
  });

  it.each([
    ['happy-path', ['in-progress', 'completed', 'ship', 'delivered']],
    [
      'with-revision',
      [
        'user-proof-requested',
        'revision',
        'approved',
        'in-progress',
        'completed',
        'ship',
        'delivered',
      ],
    ],
    ['cancelled', ['in-progress', 'on-hold', 'cancelled']],
  ])('plays the %s scenario, step by step, with the events of each', async (scenario, steps) => {
    const po = newPo();
    const [x] = await t.app
      .get(DemoService)
      .createRecipeSets(sb.handle, { count: 1, product: 'demo-tee' });
    await api.acknowledge(po, [x.readableId]);
    const res = await api.run(po, scenario);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      purchaseOrderNumber: po,
      scenario,
      steps: steps.map((s) => (s === 'ship' ? 'ship' : `advance ${s}`)),
      stepSeconds: 0,
    });
    const events = await api.eventsUntil({ purchaseOrderNumber: po }, steps.length + 1, 120_000);
    expect(events.map((e) => e.data.sequence)).toEqual(
      Array.from({ length: steps.length + 1 }, (_, i) => i + 1),
    );
    expect(
      events.slice(1).map((e) => (e.type === 'order.shipment.recorded' ? 'ship' : e.data.status)),
    ).toEqual(steps);
  });

  it('answers 404 for a scenario on an order the client does not have', async () => {
    const res = await api.run('NO-SUCH-PO', 'happy-path');
    expect(res.status).toBe(404);
    expect(res.text).toContain('NO-SUCH-PO');
  });
});
