import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { ordersApi } from '../factories/orders';
import { TestApp } from '../setup/test-app';
import { DELIVERING_ENV, Delivery, useDeliveringApp, webhooksApi } from '../support/webhooks';

const SKU = [{ sku: 'TEE-M', quantity: 1 }];

/**
 * Delivering for real: a client whose endpoints never answer, with replays queued, does not hold
 * back another client's ping; deleting an endpoint while its deliveries are recorded answers 204.
 */
describe('Webhooks: fair delivery and deleting during delivery (HTTP)', () => {
  const app = useDeliveringApp({
    ...DELIVERING_ENV,
    WEBHOOK_PINGS_PER_MINUTE: '1000',
    WEBHOOK_REPLAYS_PER_HOUR: '1000',
    // Not about the breaker: every failure is an attempt made (the deletion test needs many).
    WEBHOOK_BREAKER_FAILURES: '1000',
  });
  const receiver = app.receiver;
  let t: TestApp;
  beforeAll(() => {
    t = app.t;
  });
  const admin = async () => {
    const client = await createClient(t.app, { role: Role.Admin });
    return { client, api: webhooksApi(t, client.token) };
  };

  it("delivers another client's ping while a client's silent endpoints hold a backlog of replays", async () => {
    const a = await admin();
    // Answers after the 1 s timeout: every attempt holds a worker until it gives up. Ten such
    // endpoints take all 128 attempts a process makes at once (16 each) unless a client is capped.
    const silent = await receiver(() => ({ delayMs: 5_000 }));
    const since = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 10; i++) await ordersApi(t, a.client).placeOrder(`FD-${i}`, 1, SKU);
    const endpoints = [];
    for (let i = 0; i < 10; i++) endpoints.push(await a.api.add(silent.url));
    for (const e of endpoints)
      for (let i = 0; i < 2; i++) expect((await a.api.replay(e.id, { since })).status).toBe(202);

    const b = await admin();
    const r = await receiver();
    const bEndpoint = await b.api.add(r.url);
    const ping = await b.api.ping(bEndpoint.id);
    expect(ping.status).toBe(202);
    await r.waitFor((got) => got.some((d) => d.event.id === ping.body.data.eventId));

    // Oldest due first, B's ping would have waited until every earlier first attempt of A was
    // taken (128 at most in flight then): by turns, most of them still wait.
    const pinged = Date.parse(
      (await b.api.log(bEndpoint.id)).find((d: Delivery) => d.attempt === 1)!.createdAt,
    );
    const waiting = (
      await Promise.all(endpoints.map((e) => a.api.log(e.id, { status: 'pending' })))
    )
      .flat()
      .filter((d) => d.attempt === 1 && Date.parse(d.createdAt) <= pinged);
    expect(waiting.length).toBeGreaterThan(150);
    // Deleted while their attempts are made: the backlog goes with them.
    for (const e of endpoints) expect((await a.api.remove(e.id)).status).toBe(204);
  });

  it('deletes an endpoint while its failed deliveries are being recorded: 204, never 500', async () => {
    const { api } = await admin();
    for (let round = 0; round < 8; round++) {
      const failing = await receiver(() => ({ status: 500 }));
      const e = await api.add(failing.url);
      for (let i = 0; i < 16; i++) expect((await api.ping(e.id)).status).toBe(202);
      // The failures are being recorded (each with its retry) as the deletion comes.
      await failing.waitFor((got) => got.length >= 16);
      const res = await api.remove(e.id);
      expect({ round, status: res.status, text: res.text }).toEqual({
        round,
        status: 204,
        text: '',
      });
      expect((await api.get(e.id)).status).toBe(404);
    }
  });
});
