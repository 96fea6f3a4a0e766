import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { ordersApi } from '../factories/orders';
import { TestApp } from '../setup/test-app';
import {
  laterRetryDelivered,
  nothingPending,
  ofOrder,
  orderUpdates,
  webhooksApi,
  useDeliveringApp,
} from '../support/webhooks';

const SKU = [{ sku: 'TEE-M', quantity: 1 }];

/**
 * Changing endpoints: the URL, the event types they take, disabling and enabling, deleting; and
 * what each change does to deliveries. Each test has its own client.
 */
describe('Webhooks: changing and deleting endpoints (HTTP)', () => {
  const app = useDeliveringApp();
  const receiver = app.receiver;
  let t: TestApp;
  beforeAll(() => {
    t = app.t;
  });
  const setUp = async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    return {
      client,
      api: webhooksApi(t, client.token),
      orders: ordersApi(t, client),
      updates: orderUpdates(t, client.token),
    };
  };

  it('PATCH url: later deliveries go to the new URL only', async () => {
    const { api } = await setUp();
    const before = await receiver();
    const after = await receiver();
    const endpoint = await api.add(before.url);
    await api.ping(endpoint.id);
    await before.waitFor((r) => r.length === 1);
    const res = await api.patch(endpoint.id, { url: after.url, description: 'moved' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...endpoint,
      secret: undefined,
      url: after.url,
      description: 'moved',
      updatedAt: expect.any(String),
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(endpoint.updatedAt),
    );
    expect(await api.read(endpoint.id)).toEqual(res.body.data);
    await api.ping(endpoint.id);
    await after.waitFor((r) => r.length === 1);
    expect(before.received).toHaveLength(1);
  });

  it('eventTypes: an endpoint gets only the types it takes (pings aside); PATCH changes them; null is all', async () => {
    const { api, orders, updates } = await setUp();
    const everything = await receiver();
    const shipments = await receiver();
    const statuses = await receiver();
    const all = await api.add(everything.url);
    const ship = await api.add(shipments.url, { eventTypes: ['order.shipment.recorded'] });
    const status = await api.add(statuses.url, {
      eventTypes: ['order.line_item.status_changed', 'order.line_item.status_changed'],
    });
    expect(status.eventTypes).toEqual(['order.line_item.status_changed']);

    const [x] = await orders.placeOrder('TY-1', 1, SKU);
    await updates.status('TY-1', [[x.readableId, 'in-progress']]);
    await updates.ship('TY-1', [{ recipeSetReadableId: x.readableId, shipmentTracking: ['T1'] }]);
    // Attempts are made after the commit (the relay): the logs are complete once all arrived.
    await everything.waitFor((r) => r.length === 5);
    await shipments.waitFor((r) => r.length === 1);
    await statuses.waitFor((r) => r.length === 1);
    const types = async (id: string) => (await api.log(id)).map((d) => d.eventType).sort();
    expect(await types(all.id)).toEqual([
      'order.acknowledged',
      'order.line_item.status_changed',
      'order.shipment.recorded',
      'recipe_set.status_changed',
      'recipe_set.status_changed',
    ]);
    expect(await types(ship.id)).toEqual(['order.shipment.recorded']);
    expect(await types(status.id)).toEqual(['order.line_item.status_changed']);
    expect(shipments.received[0].event.type).toBe('order.shipment.recorded');
    expect(statuses.received[0].event.type).toBe('order.line_item.status_changed');
    // A ping goes where it is sent, whatever the types.
    await api.ping(ship.id);
    await shipments.waitFor((r) => r.length === 2);
    expect(shipments.received[1].event.type).toBe('webhook.ping');

    const patched = await api.patch(ship.id, { eventTypes: null });
    expect(patched.body.data.eventTypes).toBeNull();
    expect((await api.patch(status.id, { eventTypes: ['order.acknowledged'] })).status).toBe(200);
    await updates.status('TY-1', [[x.readableId, 'completed']]);
    await shipments.waitFor((r) => r.length === 4);
    expect(
      shipments.received
        .slice(2)
        .map((d) => d.event.type)
        .sort(),
    ).toEqual(['order.line_item.status_changed', 'recipe_set.status_changed']);
    expect(await types(status.id)).toEqual(['order.line_item.status_changed']);

    for (const eventTypes of [['webhook.ping'], ['order.unknown'], 'order.acknowledged']) {
      const res = await api.create({ url: everything.url, eventTypes });
      expect({ eventTypes, status: res.status }).toEqual({ eventTypes, status: 400 });
      expect((await api.patch(status.id, { eventTypes })).status).toBe(400);
    }
  });

  it('status disabled: pending deliveries fail, nothing is delivered; enabled resumes with the next event', async () => {
    const { api, orders } = await setUp();
    // The first answer asks for a retry later than the test takes: it waits, pending.
    const r = await receiver((_, i) =>
      i === 0 ? { status: 503, headers: { 'Retry-After': '600' } } : {},
    );
    const { id } = await api.add(r.url);
    await api.ping(id);
    await api.settled(id, (l) => l.some((d) => d.attempt === 2 && d.status === 'pending'));

    const res = await api.patch(id, { status: 'disabled' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'disabled', disabledReason: null });
    const log = await api.log(id);
    expect(log.map((d) => [d.attempt, d.status, d.error]).sort()).toEqual([
      [1, 'failed', 'HTTP 503'],
      [2, 'failed', 'the endpoint was disabled'],
    ]);
    // Disabled: no attempts for the client's events (an enabled endpoint gets them meanwhile:
    // both endpoints' attempts are made together, after the commit).
    const control = await receiver();
    await api.add(control.url);
    await orders.placeOrder('DIS-1', 1, SKU);
    await control.waitFor((got) => ofOrder(got, 'DIS-1').length === 1);
    expect(await api.log(id)).toHaveLength(2);
    expect((await api.get(id)).body.data.status).toBe('disabled');

    expect((await api.patch(id, { status: 'enabled' })).body.data.status).toBe('enabled');
    await orders.placeOrder('DIS-2', 1, SKU);
    await r.waitFor((got) => ofOrder(got, 'DIS-2').length === 1);
    expect(ofOrder(r.received, 'DIS-1')).toEqual([]);
    const after = await api.settled(id, (l) => l.length === 4 && nothingPending(l));
    expect(after.slice(0, 2).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('DELETE: 204, then 404 on every route of it; its waiting deliveries are dropped', async () => {
    const { api } = await setUp();
    const r = await receiver((_, i) =>
      i === 0 ? { status: 503, headers: { 'Retry-After': '2' } } : {},
    );
    const { id } = await api.add(r.url);
    await api.ping(id);
    const log = await api.settled(id, (l) => l.some((d) => d.attempt === 2));
    const waiting = log.find((d) => d.attempt === 2)!;
    expect(waiting.status).toBe('pending');
    const res = await api.remove(id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api.get(id)).status).toBe(404);
    expect((await api.patch(id, { description: 'x' })).status).toBe(404);
    expect((await api.remove(id)).status).toBe(404);
    expect((await api.rotate(id)).status).toBe(404);
    expect((await api.ping(id)).status).toBe(404);
    expect((await api.deliveries(id)).status).toBe(404);
    expect((await api.replay(id, { since: new Date(0) })).status).toBe(404);
    expect((await api.redeliver(waiting.id)).status).toBe(404);
    expect((await api.list()).body).toEqual({ data: [] });
    // Its retry was due after 2 s: it never comes, though a retry due later is made.
    await laterRetryDelivered(api, receiver);
    expect(r.received).toHaveLength(1);
  });

  it('answers 400 to invalid fields and changes nothing', async () => {
    const { api } = await setUp();
    const r = await receiver();
    const endpoint = await api.add(r.url, { description: 'kept' });
    const before = { ...endpoint, secret: undefined };
    for (const body of [
      { status: 'paused' },
      { description: 'd'.repeat(501) },
      { url: '' },
      { url: 42 },
      { eventTypes: 'all' },
    ]) {
      const res = await api.patch(endpoint.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(await api.read(endpoint.id)).toEqual(before);
    for (const body of [
      {},
      { url: r.url, description: 'd'.repeat(501) },
      { url: 'x'.repeat(2049) },
    ]) {
      const res = await api.create(body);
      expect({ status: res.status }).toEqual({ status: 400 });
    }
    // null clears the description; an empty PATCH changes nothing but the time.
    expect((await api.patch(endpoint.id, { description: null })).body.data.description).toBeNull();
    expect((await api.patch(endpoint.id, {})).status).toBe(200);
    expect((await api.list()).body.data).toHaveLength(1);
  });
});
