import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { OrdersApi, ordersApi } from '../factories/orders';
import { TestApp } from '../setup/test-app';
import {
  DELIVERING_ENV,
  ofOrder,
  orderUpdates,
  sequences,
  WebhooksApi,
  webhooksApi,
  useDeliveringApp,
} from '../support/webhooks';

const SKU = [{ sku: 'TEE-M', quantity: 1 }];

/**
 * Per-order ordering: an endpoint receives a purchase order's events in `sequence` order, the
 * next only once the one before is done there (delivered, or its retries exhausted); other
 * orders, other keys and other endpoints are not held. The order's first event is failed with
 * `Retry-After: 2` while a test holds it, on a schedule of 20 attempts: no hold comes near it.
 */
describe('Webhooks: per-order delivery order (HTTP)', () => {
  const app = useDeliveringApp({
    ...DELIVERING_ENV,
    WEBHOOK_RETRY_SCHEDULE: ['0', ...Array(19).fill('1')].join(','),
  });
  const receiver = app.receiver;
  let t: TestApp;
  beforeAll(() => {
    t = app.t;
  });
  const setUp = async () => {
    const client: TestClient = await createClient(t.app, { role: Role.Admin });
    const api: WebhooksApi = webhooksApi(t, client.token);
    const orders: OrdersApi = ordersApi(t, client);
    return { client, api, orders, updates: orderUpdates(t, client.token) };
  };

  it("holds an order's later events until its first is delivered; other orders, recipe sets and endpoints go on", async () => {
    const { api, orders, updates } = await setUp();
    let hold = true;
    const held = await receiver((d) =>
      hold && d.event.type === 'order.acknowledged' && d.event.data.purchaseOrderNumber === 'A'
        ? { status: 503, headers: { 'Retry-After': '2' } }
        : {},
    );
    const healthy = await receiver();
    const heldEndpoint = await api.add(held.url);
    await api.add(healthy.url);

    const [x] = await orders.placeOrder('A', 1, SKU);
    await held.waitFor((r) => ofOrder(r, 'A').length > 0);
    await updates.status('A', [[x.readableId, 'in-progress']]);
    await updates.ship('A', [{ recipeSetReadableId: x.readableId, shipmentTracking: ['1Z-A'] }]);
    const [y] = await orders.placeOrder('B', 1, SKU);
    await updates.status('B', [[y.readableId, 'in-progress']]);

    // B, the recipe sets' own events and the healthy endpoint are not held by A's first event.
    await held.waitFor((r) => sequences(ofOrder(r, 'B')).join() === '1,2');
    const rsEvents = (id: string) =>
      held
        .ofType('recipe_set.status_changed')
        .filter((d) => d.event.data.recipeSetReadableId === id)
        .map((d) => d.event.data.status);
    await held.waitFor(() => rsEvents(x.readableId).join() === 'Ordered,Processing');
    await healthy.waitFor((r) => sequences(ofOrder(r, 'A')).join() === '1,2,3');
    expect(hold).toBe(true);
    expect(ofOrder(held.received, 'A').every((d) => d.event.data.sequence === 1)).toBe(true);
    expect(ofOrder(held.received, 'A').every((d) => d.status === 503)).toBe(true);
    // A's 2 and 3 wait at the held endpoint, as first attempts (other events may still be on
    // their way: only A's are looked at).
    const later = (await api.allEvents({ purchaseOrderNumber: 'A' })).filter(
      (e) => Number(e.data.sequence) > 1,
    );
    const log = await api.log(heldEndpoint.id);
    expect(
      later.map((e) => log.filter((d) => d.eventId === e.id).map((d) => [d.status, d.attempt])),
    ).toEqual([[['pending', 1]], [['pending', 1]]]);

    hold = false;
    await held.waitFor((r) => sequences(ofOrder(r, 'A')).includes(3));
    const a = ofOrder(held.received, 'A');
    const firstOk = a.findIndex((d) => d.status === 200);
    expect(a[firstOk].event.data.sequence).toBe(1);
    expect(a.slice(0, firstOk).every((d) => d.event.data.sequence === 1 && d.status === 503)).toBe(
      true,
    );
    // At least once: on a loaded machine an attempt can time out after the receiver got it, and
    // the event comes again with the same webhook-id (partners drop repeats by it). In order:
    // each event's first delivery after the first success of 1.
    const firstOfEach = a
      .slice(firstOk)
      .filter((d, i, all) => all.findIndex((e) => e.event.id === d.event.id) === i);
    expect(sequences(firstOfEach)).toEqual([1, 2, 3]);
    expect(firstOfEach.map((d) => d.event.type)).toEqual([
      'order.acknowledged',
      'order.line_item.status_changed',
      'order.shipment.recorded',
    ]);
    // Event 1 was retried with the same webhook-id every time; every delivery names its event.
    expect(new Set(a.slice(0, firstOk + 1).map((d) => d.headers['webhook-id'])).size).toBe(1);
    expect(a.every((d) => d.headers['webhook-id'] === d.event.id)).toBe(true);
  });

  it("delivers a burst of an order's events in sequence order, each once, at every endpoint", async () => {
    const { api, orders, updates } = await setUp();
    // Slow answers: while one waits, the workers have the next events at hand.
    const slow = await receiver(() => ({ delayMs: 60 }));
    const fast = await receiver();
    await api.add(slow.url);
    await api.add(fast.url);
    const [x, y] = await orders.placeOrder('BURST', 2, SKU);
    const statuses = ['in-progress', 'on-hold', 'in-progress-step-1', 'completed', 'delivered'];
    for (const [i, status] of statuses.entries()) {
      await updates.status('BURST', [[(i % 2 ? y : x).readableId, status]]);
      await updates.ship('BURST', [
        { recipeSetReadableId: x.readableId, shipmentTracking: [`T${i}`] },
      ]);
    }
    // 1 acknowledgement, 5 status changes and 5 shipments.
    const all = Array.from({ length: 11 }, (_, i) => i + 1);
    for (const r of [slow, fast]) {
      await r.waitFor((got) => ofOrder(got, 'BURST').length >= 11);
      expect(sequences(ofOrder(r.received, 'BURST'))).toEqual(all);
      expect(new Set(ofOrder(r.received, 'BURST').map((d) => d.event.id)).size).toBe(11);
    }
    // Both endpoints got the same events (the same ids) in the same order.
    expect(ofOrder(slow.received, 'BURST').map((d) => d.event.id)).toEqual(
      ofOrder(fast.received, 'BURST').map((d) => d.event.id),
    );
  });
});
