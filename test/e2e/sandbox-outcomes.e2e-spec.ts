import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { MessageOutbox } from '../../src/messages';
import { PRINT_FAILURE_REASON } from '../../src/web-to-print';
import { DemoService } from '../../src/demo';
import { createClient, createToken, TestClient } from '../factories/clients';
import { DEMO_BOTTLE_SKU, line, order } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { sandboxApi } from '../support/sandbox';
import { share, SHARE_LINK } from '../support/share';
import { startSmsSink } from '../support/sms-sink';
import { startSmtpSink } from '../support/smtp-sink';
import { acceptInvitation, linkIn } from '../support/users';
import { eventually } from '../support/webhooks';

/**
 * What a sandbox client's work produces, with workers, SMTP and an SMS provider configured: print
 * files that fail when asked to, orders that never reach a factory, messages held (listed, never
 * sent) while a live client's are sent.
 */
describe('Sandbox: print files, factory delivery and messages (HTTP)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let sms: Awaited<ReturnType<typeof startSmsSink>>;
  let sb: TestClient;
  let live: TestClient;
  let api: ReturnType<typeof sandboxApi>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    sms = await startSmsSink();
    t = await createTestApp({
      env: {
        WORKERS: 'true',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Shop <shop@example.com>',
        SMS_WEBHOOK_URL: sms.url,
      },
    });
    sb = await createClient(t.app, { role: Role.Admin, sandbox: true });
    live = await createClient(t.app, { role: Role.Admin });
    api = sandboxApi(t, sb);
    for (const c of [sb, live]) await t.app.get(DemoService).installCatalog(c.handle);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  // Bottles: the demo product with the smallest print area (2.8 Mpx), whose files are quick to make.
  const designs = async (client: TestClient, count: number) =>
    (
      await t.app
        .get(DemoService)
        .createRecipeSets(client.handle, { count, product: 'demo-bottle' })
    ).map((r) => r.readableId);
  const printFiles = (client: TestClient, id: string) =>
    request(t.http).get(`/api/webtoprint/${id}`).set('SERVICE_API_TOKEN', client.token);
  const answers = (client: TestClient, id: string, status: number) => {
    let last = '';
    return eventually(
      `print files of ${id} answering ${status}`,
      async () => {
        const res = await printFiles(client, id);
        last = `${res.status} ${res.text}`;
        return res.status === status ? res : undefined;
      },
      60_000,
      () => `; last answer: ${last}`,
    );
  };
  const readOrder = (client: TestClient, po: string) =>
    request(t.http).get(`/api/order/order-number/${po}`).set('SERVICE_API_TOKEN', client.token);

  it('never delivers a sandbox order to a factory; a live one is delivered once its files are made', async () => {
    const [s] = await designs(sb, 1);
    const [l] = await designs(live, 1);
    await api.acknowledge('SBX-FACTORY', [s], DEMO_BOTTLE_SKU);
    const ack = await request(t.http)
      .post('/api/order/acknowledgement')
      .set('SERVICE_API_TOKEN', live.token)
      .send(order('LIVE-FACTORY', [line(l, DEMO_BOTTLE_SKU)]));
    expect(ack.status).toBe(200);
    await answers(sb, s, 303);
    await answers(live, l, 303);
    expect((await readOrder(sb, 'SBX-FACTORY')).body.dateDeliveredToFactory).toBeNull();
    expect((await readOrder(live, 'LIVE-FACTORY')).body.dateDeliveredToFactory).toEqual(
      expect.any(String),
    );
    const ready = await api.eventsUntil({ type: 'print_files.ready' }, 1);
    expect(ready.map((e) => e.data.recipeSetReadableId)).toEqual([s]);
  });

  it('fails the print files when asked to, even once made: print_files.failed and a 500', async () => {
    const [id] = await designs(sb, 1);
    await api.acknowledge('SBX-FAIL-HELPER', [id], DEMO_BOTTLE_SKU);
    await answers(sb, id, 303);
    const reason = 'Artwork resolution too low for the print size.';
    const res = await api.failPrintFiles(id, reason);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipeSetReadableId: id, designVersion: 1, reason });
    const failed = await answers(sb, id, 500);
    expect(failed.text).toContain(
      `The print files of recipe set ${id} (design version 1) could not be made: Artwork resolution too low for the print size.`,
    );
    const events = await api.eventsUntil({ type: 'print_files.failed' }, 1);
    expect(events.find((e) => e.data.recipeSetReadableId === id)?.data.error).toBe(reason);
    const statuses = await api.events({ type: 'recipe_set.status_changed' });
    expect(
      statuses.filter((e) => e.data.recipeSetReadableId === id).map((e) => e.data.status),
    ).toContain('ProcessingFailure');
    // Only the next run fails: the request is taken.
    expect(await t.dataSource.query('SELECT 1 FROM print_failure_request')).toEqual([]);
  });

  it('fails the print files of a recipe set whose readable id starts with FAIL', async () => {
    const created = await request(t.http)
      .post('/api/recipesets')
      .set('SERVICE_API_TOKEN', sb.token)
      .send({ productHandle: 'demo-tee', readableId: 'FAILPRNT' });
    expect(created.status).toBe(201);
    await api.acknowledge('SBX-FAIL-INPUT', ['FAILPRNT']);
    await answers(sb, 'FAILPRNT', 500);
    const events = await api.eventsUntil({ type: 'print_files.failed' }, 2);
    expect(events.find((e) => e.data.recipeSetReadableId === 'FAILPRNT')?.data.error).toBe(
      PRINT_FAILURE_REASON,
    );
  });

  it('holds sandbox e-mail and SMS (listed, never sent) while a live client’s are sent', async () => {
    const [s] = await designs(sb, 1);
    const [l] = await designs(live, 1);
    const body = { emailAddresses: ['jane@example.com'], phoneNumbers: ['+49 151 33333333'] };
    expect((await share(t, sb, { ...body, recipeSetReadableId: s })).status).toBe(200);
    expect((await share(t, live, { ...body, recipeSetReadableId: l })).status).toBe(200);
    await eventually('the live messages sent', () =>
      Promise.resolve(smtp.received.length >= 1 && sms.received.length >= 1),
    );
    const held = await api.messages();
    expect(held.status).toBe(200);
    // One share writes both in one instant: newest first, in no particular order between them.
    expect(held.body.data).toHaveLength(2);
    expect(held.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: 'sms',
          kind: 'share',
          to: '+4915133333333',
          subject: null,
        }),
        expect.objectContaining({ channel: 'email', kind: 'share', to: 'jane@example.com' }),
      ]),
    );
    for (const m of held.body.data as { text: string }[]) expect(m.text).toMatch(SHARE_LINK);
    const shared = await api.eventsUntil({ type: 'share.sent' }, 1);
    expect(shared[0].data).toMatchObject({ emailRecipients: 1, smsRecipients: 1 });
    // Only the live client's reached the providers.
    expect(smtp.received).toHaveLength(1);
    expect(sms.received).toHaveLength(1);
    const rows = await t.dataSource.query<{ client_id: string; status: string }[]>(
      'SELECT client_id, status FROM outbox_message',
    );
    expect(rows.filter((r) => r.client_id === sb.id).map((r) => r.status)).toEqual([
      'held',
      'held',
    ]);
    // The live client's messages are not the sandbox's to read, and the other way round.
    const liveHeld = await request(t.http)
      .get('/api/sandbox/messages')
      .set('SERVICE_API_TOKEN', live.token);
    expect(liveHeld.status).toBe(403);
  });

  it('holds any message of a sandbox client, whichever feature sends it', async () => {
    const outbox = t.app.get(MessageOutbox);
    const email = (clientId: string, to: string) => ({
      channel: 'email' as const,
      kind: 'webhook-disabled',
      locale: 'en',
      clientId,
      to,
      email: { subject: 'A webhook endpoint was disabled', html: '<p>x</p>', text: 'x' },
    });
    const [held, sent] = await outbox.enqueue([
      email(sb.id, 'ops@sandbox.example.com'),
      email(live.id, 'ops@live.example.com'),
    ]);
    await outbox.deliverNow([held, sent], 10_000);
    const rows = await t.dataSource.query<{ id: string; status: string }[]>(
      'SELECT id, status FROM outbox_message WHERE id = ANY($1)',
      [[held, sent]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [held]: 'held',
      [sent]: 'sent',
    });
    expect(smtp.received.map((m) => m.to).flat()).not.toContain('ops@sandbox.example.com');
  });

  it('holds the invitation; its link accepts it and fires user.invitation.accepted', async () => {
    const invited = await request(t.http)
      .post('/api/user/invite')
      .set('SERVICE_API_TOKEN', sb.token)
      .send({ email: 'colleague@example.com', role: 'User' });
    expect(invited.status).toBe(200);
    const held = await api.messages();
    const invitation = (held.body.data as { kind: string; text: string; to: string }[]).find(
      (m) => m.kind === 'invitation',
    );
    expect(invitation?.to).toBe('colleague@example.com');
    const accepted = await acceptInvitation(t, linkIn(invitation!.text), {
      password: 'a sandbox password 42',
      confirmation: 'a sandbox password 42',
    });
    expect(accepted.status).toBe(200);
    const events = await api.eventsUntil({ type: 'user.invitation.accepted' }, 1);
    expect(events[0].data).toMatchObject({ email: 'colleague@example.com', role: 'User' });
    expect(smtp.received.map((m) => m.to)).not.toContainEqual(['colleague@example.com']);
    // A User of the sandbox client may not read them: the links make their opener a user.
    const user = await createToken(t.app, sb.handle, Role.User);
    const refused = await request(t.http)
      .get('/api/sandbox/messages')
      .set('SERVICE_API_TOKEN', user);
    expect(refused.status).toBe(403);
  });
});
