import { WebhookVerificationError } from 'standardwebhooks';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';
import {
  ReceivedDelivery,
  startWebhookReceiver,
  WebhookReceiver,
} from '../support/webhook-receiver';
import { DELIVERING_ENV, verify, WebhooksApi, webhooksApi } from '../support/webhooks';

// The app's clock (event times, the rotation's overlap); webhook-timestamp is wall-clock time.
const clock = new ManualClock();

/** Standard Webhooks signatures: the official library verifies them, and only untampered ones. */
describe('Webhooks: signatures and secret rotation (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: WebhooksApi;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ env: DELIVERING_ENV, clock });
    a = await createClient(t.app, { role: Role.Admin });
    api = webhooksApi(t, a.token);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** Pings the endpoint and answers the delivery of that ping. */
  const pinged = async (id: string): Promise<ReceivedDelivery> => {
    const res = await api.ping(id);
    expect(res.status).toBe(202);
    const { eventId } = res.body.data as { eventId: string };
    await receiver.waitFor((r) => r.some((d) => d.event.id === eventId));
    return receiver.received.find((d) => d.event.id === eventId)!;
  };
  /** The delivery with only its `index`-th signature. */
  const onlySignature = (d: ReceivedDelivery, index: number): ReceivedDelivery => ({
    ...d,
    headers: {
      ...d.headers,
      'webhook-signature': String(d.headers['webhook-signature']).split(' ')[index],
    },
  });

  it('signs a ping per Standard Webhooks: the official library verifies it and gives the envelope', async () => {
    const created = await api.create({ url: receiver.url, description: 'ERP' });
    expect(created.status).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({
      url: receiver.url,
      eventTypes: null,
      description: 'ERP',
      status: 'enabled',
      disabledReason: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is shown once: never in reads.
    expect((await api.get(endpoint.id)).body.data).not.toHaveProperty('secret');
    expect(JSON.stringify((await api.list()).body)).not.toContain(endpoint.secret);

    const ping = await api.ping(endpoint.id);
    expect(ping.status).toBe(202);
    const { eventId, attemptId } = ping.body.data;
    await receiver.waitFor((r) => r.some((d) => d.event.id === eventId));
    const d = receiver.received.find((x) => x.event.id === eventId)!;
    expect(d.headers['content-type']).toBe('application/json');
    expect(d.headers['user-agent']).toMatch(/^ProductCustomizer-Webhooks\//);
    expect(d.headers['webhook-id']).toBe(eventId);
    expect(eventId).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
    expect(Math.abs(Number(d.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(String(d.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const payload = verify(endpoint.secret, d);
    expect(payload).toEqual(JSON.parse(d.body));
    expect(d.event).toEqual({
      id: eventId,
      type: 'webhook.ping',
      timestamp: clock.now().toISOString(),
      data: { clientHandle: a.handle, endpointId: endpoint.id },
    });

    const log = await api.settled(endpoint.id, (l) => l[0]?.status === 'succeeded');
    expect(log).toEqual([
      expect.objectContaining({
        id: attemptId,
        eventId,
        eventType: 'webhook.ping',
        attempt: 1,
        status: 'succeeded',
        responseStatus: 200,
        error: null,
      }),
    ]);
    expect(log[0].durationMs).toEqual(expect.any(Number));
    const events = await api.events({ type: 'webhook.ping' });
    expect(events.status).toBe(200);
    expect(events.body.data).toContainEqual(d.event);
  });

  it('fails verification when one byte of the body, the id or the timestamp changes, or under another secret', async () => {
    const { id, secret } = await api.add(receiver.url);
    const d = await pinged(id);
    expect(() => verify(secret, d)).not.toThrow();
    // One byte of the body: each position of the envelope's id in turn would do; one suffices.
    const at = d.body.indexOf(d.event.id) + 5;
    const flipped = d.body.slice(0, at) + (d.body[at] === 'A' ? 'B' : 'A') + d.body.slice(at + 1);
    expect(Buffer.byteLength(flipped)).toBe(Buffer.byteLength(d.body));
    expect(() => verify(secret, { ...d, body: flipped })).toThrow(WebhookVerificationError);
    expect(() => verify(secret, { ...d, body: `${d.body} ` })).toThrow(WebhookVerificationError);
    const headers = (h: Record<string, string>) => ({ ...d, headers: { ...d.headers, ...h } });
    expect(() => verify(secret, headers({ 'webhook-id': `${d.event.id}x` }))).toThrow(
      WebhookVerificationError,
    );
    const ts = Number(d.headers['webhook-timestamp']);
    expect(() => verify(secret, headers({ 'webhook-timestamp': String(ts + 1) }))).toThrow(
      WebhookVerificationError,
    );
    const other = await api.add(receiver.url);
    expect(() => verify(other.secret, d)).toThrow(WebhookVerificationError);
  });

  it('after a rotation signs with the new and the old secret: each verifies, each signature with its own', async () => {
    const { id, secret: old } = await api.add(receiver.url);
    const rotated = await api.rotate(id);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);

    const d = await pinged(id);
    const signatures = String(d.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(() => verify(fresh, d)).not.toThrow();
    expect(() => verify(old, d)).not.toThrow();
    // The new secret signs first, the old one second.
    expect(() => verify(fresh, onlySignature(d, 0))).not.toThrow();
    expect(() => verify(old, onlySignature(d, 1))).not.toThrow();
    expect(() => verify(old, onlySignature(d, 0))).toThrow(WebhookVerificationError);
    const stranger = await api.add(receiver.url);
    expect(() => verify(stranger.secret, d)).toThrow(WebhookVerificationError);

    // The receiver that checks either signature answered 200: the log shows success.
    const log = await api.settled(id, (l) => l.some((x) => x.status === 'succeeded'));
    expect(log[0]).toMatchObject({ eventId: d.event.id, status: 'succeeded' });
  });

  it('stops signing with the old secret 24 hours after the rotation; a second rotation drops the first secret', async () => {
    const { id, secret: first } = await api.add(receiver.url);
    const second = (await api.rotate(id)).body.data.secret as string;
    clock.advance(24 * 3_600_000 + 60_000);
    const late = await pinged(id);
    expect(String(late.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(second, late)).not.toThrow();
    expect(() => verify(first, late)).toThrow(WebhookVerificationError);

    const third = (await api.rotate(id)).body.data.secret as string;
    const d = await pinged(id);
    expect(String(d.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verify(third, d)).not.toThrow();
    expect(() => verify(second, d)).not.toThrow();
    expect(() => verify(first, d)).toThrow(WebhookVerificationError);
  });

  it('answers 404 to rotating an unknown endpoint, and a rotation keeps the endpoint as it was', async () => {
    const res = await api.rotate('00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    const { id } = await api.add(receiver.url, { eventTypes: ['share.sent'] });
    const before = await api.read(id);
    clock.advance(1000);
    expect((await api.rotate(id)).status).toBe(200);
    const after = await api.read(id);
    expect({ ...after, updatedAt: undefined }).toEqual({ ...before, updatedAt: undefined });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });
});
