import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

describe('Webhooks: an endpoint receives a signed ping (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ env: { WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    a = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('creates an endpoint, pings it, and the delivery verifies', async () => {
    const created = await request(t.http)
      .post('/api/webhooks/endpoints')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ url: receiver.url });
    expect(created.status).toBe(201);
    const { id, secret } = created.body.data;
    const ping = await request(t.http)
      .post(`/api/webhooks/endpoints/${id}/test`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(ping.status).toBe(202);
    await receiver.waitFor((r) => r.length === 1);
    const [d] = receiver.received;
    expect(d.event.type).toBe('webhook.ping');
    expect(() =>
      new Webhook(secret).verify(d.body, d.headers as Record<string, string>),
    ).not.toThrow();
    const log = await request(t.http)
      .get(`/api/webhooks/endpoints/${id}/deliveries`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      status: 'succeeded',
      responseStatus: 200,
      attempt: 1,
    });
    const events = await request(t.http).get('/api/events').set('SERVICE_API_TOKEN', a.token);
    expect(events.status).toBe(200);
    expect(events.body.data[0]).toMatchObject({ id: d.event.id, type: 'webhook.ping' });
  });
});
