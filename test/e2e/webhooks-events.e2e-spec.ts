import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { line, order, ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { share } from '../support/share';
import { acceptInvitation, invite } from '../support/users';
import { DeliveredEvent, startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { DELIVERING_ENV, WebhooksApi, webhooksApi } from '../support/webhooks';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const PASSWORD = 'violet tractor 42 sings';

/**
 * The events outside orders: print files (ready, failed), shares, accepted invitations and pings,
 * each recorded once with its data and delivered as the event log holds it. The print-files jobs
 * run (WORKERS): the demo bottle's files are made; a demo tee over PRINT_MAX_PIXELS (stored
 * before the rule, as print-limits.e2e-spec.ts does) fails at once.
 */
describe('Webhooks: print-file, share, invitation and ping events (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: WebhooksApi;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ env: { ...DELIVERING_ENV, PRINT_MAX_PIXELS: '10000000' } });
    a = await createClient(t.app, { role: Role.Admin });
    await t.app.get(DemoService).installCatalog(a.handle);
    api = webhooksApi(t, a.token);
    await api.add(receiver.url);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** A's events of `type` in the log, once there are `n` and the receiver has them all. */
  const recorded = async (type: string, n: number, timeoutMs = 60_000) => {
    let events: DeliveredEvent[] = [];
    await receiver.waitFor(() => receiver.ofType(type).length >= n, timeoutMs);
    events = await api.allEvents({ type });
    expect(events).toHaveLength(n);
    expect(receiver.ofType(type).map((d) => d.event)).toEqual(events);
    return events;
  };
  /** What the receiver got about recipe set `id`, in arrival order: statuses and print events. */
  const about = (id: string) =>
    receiver.received
      .filter((d) => d.event.data.recipeSetReadableId === id)
      .map((d) =>
        d.event.type === 'recipe_set.status_changed'
          ? `${String(d.event.data.previousStatus)}>${String(d.event.data.status)}`
          : d.event.type,
      );
  const bottle = async () =>
    (
      await t.app.get(DemoService).createRecipeSets(a.handle, { count: 1, product: 'demo-bottle' })
    )[0].readableId;

  it('records print_files.ready once the files of an ordered design are made, after its statuses', async () => {
    const id = await bottle();
    const ack = await ordersApi(t, a).ack(order('PF-1', [line(id, 'DEMO-BOTTLE-STEEL', 1)]));
    expect(ack.status).toBe(200);
    const [ready] = await recorded('print_files.ready', 1, 100_000);
    expect(ready).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'print_files.ready',
      timestamp: expect.stringMatching(ISO),
      data: {
        clientHandle: a.handle,
        recipeSetReadableId: id,
        designVersion: 1,
        printFilesUrl: `http://api.test/api/webtoprint/${id}`,
        locations: ['wrap'],
      },
    });
    // A recipe set's events are delivered in the order recorded.
    await receiver.waitFor(() => about(id).length === 4);
    expect(about(id)).toEqual([
      'Created>Ordered',
      'Ordered>ProcessingWebToPrintInitiated',
      'ProcessingWebToPrintInitiated>ProcessingWebToPrintCompleted',
      'print_files.ready',
    ]);
    // The URL it names serves the files.
    const files = await request(t.http)
      .get(`/api/webtoprint/${id}`)
      .set('SERVICE_API_TOKEN', a.token);
    expect(files.status).toBe(303);
  });

  it('records print_files.failed for an ordered design over the limits, and the recipe set failing', async () => {
    const created = await request(t.http)
      .post('/api/recipesets')
      .set('SERVICE_API_TOKEN', a.token)
      .send({ productHandle: 'demo-tee', design: {} });
    expect(created.status).toBe(201);
    const id = created.body.data.readableId as string;
    const text = { type: 'text', text: 'Big', font: 'roboto', size: 36, x: 10, y: 50 };
    await t.dataSource.query(`UPDATE recipe_set SET design = $2 WHERE readable_id = $1`, [
      id,
      JSON.stringify({ front: { elements: [{ ...text, colour: '#000000', rotation: 0 }] } }),
    ]);
    const ack = await ordersApi(t, a).ack(order('PF-2', [line(id, 'DEMO-TEE-WHT-M', 1)]));
    expect(ack.status).toBe(200);
    const [failed] = await recorded('print_files.failed', 1);
    expect(failed.data).toEqual({
      clientHandle: a.handle,
      recipeSetReadableId: id,
      designVersion: expect.any(Number),
      error: expect.stringMatching(
        /^The print files cannot be made: design\.front: location front prints .* \(PRINT_MAX_PIXELS\)\.$/,
      ),
    });
    await receiver.waitFor(() => about(id).length === 3);
    expect(about(id)).toEqual([
      'Created>Ordered',
      'Ordered>ProcessingFailure',
      'print_files.failed',
    ]);
  });

  it('records share.sent with counts (never recipients) per share that sends; none for one that sends nothing', async () => {
    const id = await bottle();
    expect((await share(t, a, { recipeSetReadableId: id, emailAddresses: [] })).body).toEqual({
      sent: 0,
      held: 0,
    });
    const res = await share(t, a, {
      recipeSetReadableId: id,
      emailAddresses: ['jane.doe@example.com', 'john@example.com'],
      phoneNumbers: ['+49 151 1234 5678'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 0, held: 3 });
    const [sent] = await recorded('share.sent', 1);
    expect(sent.data).toEqual({
      clientHandle: a.handle,
      recipeSetReadableId: id,
      emailRecipients: 2,
      smsRecipients: 1,
      shareLinkIds: [expect.any(String), expect.any(String), expect.any(String)],
    });
    expect(new Set(sent.data.shareLinkIds as string[]).size).toBe(3);
    const body = receiver.ofType('share.sent')[0].body;
    for (const secret of ['jane.doe', 'john@', '15112345678'])
      expect(body.toLowerCase()).not.toContain(secret);
  });

  it('records user.invitation.accepted once, when the invited user sets a password', async () => {
    const { id, link } = await invite(t, a.token, { email: 'Ada@Example.com', role: 'admin' });
    expect(await api.allEvents({ type: 'user.invitation.accepted' })).toEqual([]);
    const accepted = await acceptInvitation(t, link, {
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    // The link is spent: submitting it again changes nothing and records nothing.
    await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
    const [event] = await recorded('user.invitation.accepted', 1);
    expect(event.data).toEqual({
      clientHandle: a.handle,
      userId: id,
      email: 'ada@example.com',
      role: 'Admin',
    });
  });

  it('records a webhook.ping in the log, delivered to the endpoint tested only', async () => {
    const other = await startWebhookReceiver();
    try {
      const { id } = await api.add(other.url);
      const ping = await api.ping(id);
      expect(ping.status).toBe(202);
      await other.waitFor((r) => r.some((d) => d.event.type === 'webhook.ping'));
      const [event] = await api.allEvents({ type: 'webhook.ping' });
      expect(event).toEqual({
        id: ping.body.data.eventId,
        type: 'webhook.ping',
        timestamp: expect.stringMatching(ISO),
        data: { clientHandle: a.handle, endpointId: id },
      });
      expect(other.received.map((d) => d.event)).toEqual([event]);
      expect(receiver.ofType('webhook.ping')).toEqual([]);
      expect((await api.remove(id)).status).toBe(204);
    } finally {
      await other.close();
    }
  });
});
