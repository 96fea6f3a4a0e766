import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { address, line, order, OrdersApi, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { DeliveredEvent, startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { DELIVERING_ENV, orderUpdates, WebhooksApi, webhooksApi } from '../support/webhooks';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * The order events (acknowledged, line item status changed, shipment recorded) and the recipe-set
 * statuses they move: one event per change, none for a request that changes nothing, with
 * `sequence` 1, 2, 3… per purchase order of a client. Each is delivered once, as the event log
 * (GET /api/events) holds it.
 */
describe('Webhooks: order events and their sequence (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let asA: WebhooksApi;
  let orders: OrdersApi;
  let updates: ReturnType<typeof orderUpdates>;
  let receiver: WebhookReceiver;
  let endpointA: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ env: DELIVERING_ENV });
    a = await createClient(t.app, { role: Role.Admin });
    b = await createClient(t.app, { role: Role.Admin });
    asA = webhooksApi(t, a.token);
    orders = ordersApi(t, a);
    updates = orderUpdates(t, a.token);
    endpointA = (await asA.add(receiver.url)).id;
    await webhooksApi(t, b.token).add(receiver.url);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** A's events of `po` in the event log, oldest first, once the receiver has them all. */
  const delivered = async (po: string): Promise<DeliveredEvent[]> => {
    const events = await asA.allEvents({ purchaseOrderNumber: po });
    await receiver.waitFor((r) => events.every((e) => r.some((d) => d.event.id === e.id)));
    return events;
  };
  /** What the receiver got of A's order `po`, in arrival order. */
  const receivedOf = (po: string, client: TestClient = a) =>
    receiver.received
      .filter((d) => d.event.data.clientHandle === client.handle)
      .filter((d) => d.event.data.purchaseOrderNumber === po)
      .map((d) => d.event);
  /** A's recipe-set status events of `id`, as [previousStatus, status]. */
  const recipeSetMoves = async (id: string) =>
    (await asA.allEvents({ type: 'recipe_set.status_changed' }))
      .filter((e) => e.data.recipeSetReadableId === id)
      .map((e) => [e.data.previousStatus, e.data.status]);
  const count = async () => (await asA.allEvents()).length;
  /** The readable ids of `n` new recipe sets, acknowledged as order `po` of `as`. */
  const place = async (po: string, n: number, as: OrdersApi = orders) =>
    (await as.placeOrder(po, n, [{ sku: 'TEE-M', quantity: 1 }])).map((s) => s.readableId);
  const lineIds = async (po: string) =>
    ((await orders.getOrder(po)).body.lineItems as { id: number }[]).map((l) => l.id);

  it('records one order.acknowledged, sequence 1, per order: single, batch and full orders', async () => {
    const [x, y, z, w, v] = await orders.fresh(5);
    const single = order('ACK-1', [{ ...line(x), externalLineItemId: 'L-1' }, line(y)]);
    expect((await orders.ack(single)).status).toBe(200);
    const batch = await orders.ack(
      [order('ACK-2', [line(z)]), order('ACK-3', [line(w), line(w, 'TEE-L')])],
      '/api/order/acknowledgements',
    );
    expect(batch.status).toBe(200);
    const full = order('ACK-4', [line(v)], {
      customerAddress: address('C'),
      shippingAddress: address('S'),
    });
    expect((await orders.ack(full, '/api/order')).status).toBe(200);

    const [acked] = await delivered('ACK-1');
    // Exactly the envelope's fields (their order is the database's: jsonb).
    expect(Object.keys(acked).sort()).toEqual(['data', 'id', 'timestamp', 'type']);
    expect(acked).toEqual({
      id: expect.stringMatching(/^evt_[\w-]{22}$/),
      type: 'order.acknowledged',
      timestamp: expect.stringMatching(ISO),
      data: {
        clientHandle: a.handle,
        purchaseOrderNumber: 'ACK-1',
        sequence: 1,
        recipeSetReadableIds: [x, y],
        recipeSetCount: 2,
        lineItemCount: 2,
      },
    });
    // The envelope's keys in the documented order (the stored text is delivered as written).
    expect(Object.keys(acked)).toEqual(['id', 'type', 'timestamp', 'data']);
    for (const [po, ids, lines] of [
      ['ACK-2', [z], 1],
      ['ACK-3', [w], 2],
      ['ACK-4', [v], 1],
    ] as const) {
      const events = await delivered(po);
      expect(events.map((e) => [e.type, e.data.sequence, e.data.recipeSetReadableIds])).toEqual([
        ['order.acknowledged', 1, ids],
      ]);
      expect(events[0].data.lineItemCount).toBe(lines);
      expect(receivedOf(po)).toEqual(events);
    }
    // Each recipe set moved from Created to Ordered, once.
    for (const id of [x, y, z, w, v])
      expect(await recipeSetMoves(id)).toEqual([['Created', 'Ordered']]);
    // A line item's events carry the partner's own line item id.
    await updates.status('ACK-1', [[x, 'approved']]);
    const changed = (await delivered('ACK-1'))[1];
    expect(changed.data).toMatchObject({
      sequence: 2,
      externalLineItemId: 'L-1',
      status: 'approved',
    });
    expect((await recipeSetMoves(x)).pop()).toEqual(['Ordered', 'ProcessingWebToPrintApproved']);
    // An acknowledgement that is refused (the number is taken) records nothing.
    const before = await count();
    expect((await orders.ack(order('ACK-1', [line(v)]))).status).toBe(409);
    expect(await count()).toBe(before);
  });

  it('records order.line_item.status_changed per line item that changes, sequence +1; nothing for a repeat', async () => {
    const [x, y] = await place('ST-1', 2);
    const [lx, ly] = await lineIds('ST-1');
    await updates.status('ST-1', [
      [x, 'in-progress'],
      [y, 'in-progress'],
    ]);
    const before = await count();
    await updates.status('ST-1', [
      [x, 'in-progress'],
      [y, 'IN-PROGRESS'],
    ]);
    expect(await count()).toBe(before);
    await updates.status('ST-1', [
      [x, 'in-progress'],
      [y, 'on-hold'],
    ]);
    const events = await delivered('ST-1');
    expect(events.map((e) => [e.type, e.data.sequence])).toEqual([
      ['order.acknowledged', 1],
      ['order.line_item.status_changed', 2],
      ['order.line_item.status_changed', 3],
      ['order.line_item.status_changed', 4],
    ]);
    expect(events.slice(1).map((e) => e.data)).toEqual([
      expect.objectContaining({
        recipeSetReadableId: x,
        lineItemId: lx,
        externalLineItemId: null,
        status: 'in-progress',
        previousStatus: 'not-started',
      }),
      expect.objectContaining({
        recipeSetReadableId: y,
        lineItemId: ly,
        status: 'in-progress',
        previousStatus: 'not-started',
      }),
      expect.objectContaining({
        recipeSetReadableId: y,
        lineItemId: ly,
        status: 'on-hold',
        previousStatus: 'in-progress',
      }),
    ]);
    expect(receivedOf('ST-1')).toEqual(events);
    // The recipe sets followed, once per change of theirs.
    expect(await recipeSetMoves(x)).toEqual([
      ['Created', 'Ordered'],
      ['Ordered', 'Processing'],
    ]);
    expect(await recipeSetMoves(y)).toEqual([
      ['Created', 'Ordered'],
      ['Ordered', 'Processing'],
      ['Processing', 'OnHold'],
    ]);
  });

  it('records order.shipment.recorded for what a notification adds; nothing for a repeat', async () => {
    const [x, y] = await place('SH-1', 2);
    const first = {
      recipeSetReadableId: x,
      shipmentTracking: ['T1'],
      shipmentVendor: 'UPS',
      serialNumbers: ['S1', 'S2'],
    };
    await updates.ship('SH-1', [first]);
    const before = await count();
    await updates.ship('SH-1', [first]);
    await updates.ship('SH-1', [
      { recipeSetReadableId: x, shipmentTracking: 'T1', shipmentVendor: 'UPS' },
    ]);
    expect(await count()).toBe(before);
    // x gets one more number; y its first: two events, in the order of the request.
    await updates.ship('SH-1', [
      { recipeSetReadableId: y, shipmentTracking: ['T9'] },
      { recipeSetReadableId: x, shipmentTracking: ['T1', 'T2'] },
    ]);
    const events = await delivered('SH-1');
    expect(events.map((e) => [e.type, e.data.sequence, e.data.recipeSetReadableId])).toEqual([
      ['order.acknowledged', 1, undefined],
      ['order.shipment.recorded', 2, x],
      expect.arrayContaining(['order.shipment.recorded']),
      expect.arrayContaining(['order.shipment.recorded']),
    ]);
    const [, shipped, ...later] = events;
    expect(shipped.data).toMatchObject({
      shipmentVendor: 'UPS',
      shipmentTracking: ['T1'],
      serialNumbersAdded: 2,
    });
    expect(later.map((e) => e.data.sequence)).toEqual([3, 4]);
    const byId = Object.fromEntries(later.map((e) => [e.data.recipeSetReadableId, e.data]));
    expect(byId[x]).toMatchObject({
      shipmentVendor: 'UPS',
      shipmentTracking: ['T2'],
      serialNumbersAdded: 0,
    });
    expect(byId[y]).toMatchObject({
      shipmentVendor: null,
      shipmentTracking: ['T9'],
      serialNumbersAdded: 0,
    });
    expect(receivedOf('SH-1')).toEqual(events);
    // Shipments leave the recipe sets' statuses alone.
    expect(await recipeSetMoves(x)).toEqual([['Created', 'Ordered']]);
  });

  it("numbers each client's orders on their own, and sends a client's events to its endpoints only", async () => {
    const [x] = await place('SAME', 1);
    await updates.status('SAME', [[x, 'completed']]);
    const ordersB = ordersApi(t, b);
    const [y] = await place('SAME', 1, ordersB);
    await orderUpdates(t, b.token).status('SAME', [[y, 'completed']]);
    await orderUpdates(t, b.token).status('SAME', [[y, 'delivered']]);
    const events = await delivered('SAME');
    expect(events.map((e) => e.data.sequence)).toEqual([1, 2]);
    const eventsB = await webhooksApi(t, b.token).allEvents({ purchaseOrderNumber: 'SAME' });
    expect(eventsB.map((e) => [e.data.clientHandle, e.data.sequence])).toEqual([
      [b.handle, 1],
      [b.handle, 2],
      [b.handle, 3],
    ]);
    await receiver.waitFor(() => receivedOf('SAME', b).length === 3);
    expect(receivedOf('SAME', b)).toEqual(eventsB);
    // A's endpoint carried A's events only.
    const idsOfA = new Set((await asA.allEvents()).map((e) => e.id));
    expect((await asA.log(endpointA)).every((d) => idsOfA.has(d.eventId))).toBe(true);
  });

  it('records nothing for a refused request', async () => {
    const [x] = await orders.fresh(1);
    const before = await count();
    expect((await orders.ack(order('NONE-1', [line(x), line('XXXXXXXX')]))).status).toBe(404);
    const batch = await orders.ack(
      [order('NONE-2', [line(x)]), order('NONE-3', [line('XXXXXXXX')])],
      '/api/order/acknowledgements',
    );
    expect(batch.status).toBe(404);
    await expect(updates.status('NO-SUCH-PO', [[x, 'in-progress']])).rejects.toThrow(
      /answered 4\d\d/,
    );
    await expect(
      updates.ship('NO-SUCH-PO', [{ recipeSetReadableId: x, shipmentTracking: ['T'] }]),
    ).rejects.toThrow(/answered 4\d\d/);
    expect(await count()).toBe(before);
  });

  it('delivered every event of A once, as the event log holds it, oldest first per order', async () => {
    const events = await asA.allEvents();
    await receiver.waitFor((r) => events.every((e) => r.some((d) => d.event.id === e.id)));
    const ofA = receiver.received.filter((d) => d.event.data.clientHandle === a.handle);
    expect(ofA.map((d) => d.event.id).sort()).toEqual(events.map((e) => e.id).sort());
    const log = await asA.log(endpointA);
    expect(log).toHaveLength(events.length);
    expect(log.every((d) => d.attempt === 1 && d.status === 'succeeded')).toBe(true);
    for (const d of ofA) expect(d.event).toEqual(events.find((e) => e.id === d.event.id));
    // Within each order, in sequence order.
    const pos = new Set(events.map((e) => e.data.purchaseOrderNumber).filter(Boolean));
    for (const po of pos) {
      const seq = ofA
        .filter((d) => d.event.data.purchaseOrderNumber === po)
        .map((d) => d.event.data.sequence);
      expect(seq).toEqual(seq.map((_, i) => i + 1));
    }
  });
});
