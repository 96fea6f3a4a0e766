import request from 'supertest';
import { MessageOutbox } from '../../src/messages';
import { UnitOfWork } from '../../src/common/persistence/unit-of-work';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { testEmail } from '../support/messages';
import { startSmsSink } from '../support/sms-sink';
import { startSmtpSink } from '../support/smtp-sink';
import { demoRecipeSets, linkPath, outboxMessages, share, SHARE_LINK } from '../support/share';

/**
 * POST /api/share/send with a real SMTP server and SMS provider: the request sends its messages
 * at once after the commit (the delivery jobs come later and find them sent), and answers 500
 * when a recipient is refused for good while it waits.
 */
describe('Share: delivery over SMTP and SMS (HTTP)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let sms: Awaited<ReturnType<typeof startSmsSink>>;
  let a: TestClient;
  let id: string;
  const outbox = () => t.app.get(MessageOutbox);
  const count = async (table: string) =>
    Number((await t.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    smtp = await startSmtpSink(['refused@example.com']);
    // The provider's first answer is a 503 (see the transient test), then 200s.
    sms = await startSmsSink([503]);
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>', SMS_WEBHOOK_URL: sms.url },
    });
    a = await createClient(t.app, { role: Role.User });
    [id] = await demoRecipeSets(t, a);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  it('leaves a message the SMS provider fails transiently to its job, and answers 200', async () => {
    const res = await share(t, a, { phoneNumbers: ['+49 151 11111111'], recipeSetReadableId: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 1, held: 0 });
    const [m] = await outboxMessages(t);
    expect(m).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMS provider answered 503',
    });
    // The claim is released: the job may send it (and does, once the provider answers 200).
    await outbox().deliver(m.id, { retryCount: 1 });
    expect(sms.received).toEqual([
      { to: '+4915111111111', body: expect.stringMatching(SHARE_LINK) },
    ]);
  });

  it('sends the e-mail and the SMS at once, in German, with the link and the render', async () => {
    const res = await share(t, a, {
      emailAddresses: ['jane@example.com'],
      phoneNumbers: ['+49 151 22222222'],
      recipeSetReadableId: id,
      locale: 'de',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 2, held: 0 });
    expect(smtp.received).toHaveLength(1);
    const { to, parsed } = smtp.received[0];
    expect(to).toEqual(['jane@example.com']);
    expect(parsed.subject).toMatch(/^Ein Entwurf wurde mit Ihnen geteilt: /);
    expect(parsed.html).toContain('<html lang="de">');
    expect(parsed.html).toMatch(
      /<img src="http:\/\/api\.test\/share\/[\w-]{43}\/image" alt="Bild des Entwurfs: /,
    );
    expect(parsed.text).toContain('Der Link ist bis zum');
    expect(sms.received[1]).toEqual({
      to: '+4915122222222',
      body: expect.stringMatching(
        /^Ein Entwurf wurde mit Ihnen geteilt: .+ http:\/\/api\.test\/share\//,
      ),
    });
    // The link in the mail opens the page.
    const page = await (await import('supertest')).default(t.http).get(linkPath(parsed.text!));
    expect(page.status).toBe(200);
    // Both are recorded sent; their delayed jobs find them so and send nothing again.
    const sent = (await outboxMessages(t)).filter((m) => m.status === 'sent');
    expect(sent).toHaveLength(3);
    for (const m of sent) await outbox().deliver(m.id, { retryCount: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(sms.received).toHaveLength(2);
  });

  it('never sends a message twice when the job and an immediate attempt meet', async () => {
    const [messageId] = await outbox().enqueue([testEmail('race@example.com')], {
      jobDelaySeconds: 30,
    });
    const outcomes = await Promise.all([
      outbox().deliverNow([messageId], 5000),
      outbox()
        .deliver(messageId, { retryCount: 0 })
        .catch((err: Error) => err.message),
    ]);
    expect(outcomes[0]).toEqual([]);
    expect(smtp.received.filter((m) => m.to.includes('race@example.com'))).toHaveLength(1);
  });

  it('attempts nothing inside an open transaction (what it sent, a rollback could not erase)', async () => {
    const [messageId] = await t.app.get(UnitOfWork).run(async () => {
      const queued = await outbox().enqueue([testEmail('inside@example.com')], {
        jobDelaySeconds: 30,
      });
      expect(await outbox().deliverNow(queued, 5000)).toEqual([]);
      return queued;
    });
    expect(smtp.received.some((m) => m.to.includes('inside@example.com'))).toBe(false);
    expect((await outboxMessages(t)).find((m) => m.id === messageId)?.status).toBe('queued');
  });

  it('answers 500 ProblemDetails naming the refused recipient masked; the others are sent', async () => {
    const before = smtp.received.length;
    const res = await share(t, a, {
      emailAddresses: ['refused@example.com', 'ok@example.com'],
      recipeSetReadableId: id,
    });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: 500,
      code: 'SHARE_DELIVERY_REFUSED',
      detail: expect.stringMatching(
        /^Sharing failed: delivery was refused for r\*\*\*@example\.com; the link to the other 1 recipient stays sent or queued\. Log entry: http:\/\/api\.test\/logentry\/detail\/[0-9a-f-]{36}$/,
      ),
    });
    expect(JSON.stringify(res.body)).not.toContain('refused@example.com');
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['ok@example.com']]);
    const refused = (await outboxMessages(t)).find((m) => m.message.to === 'refused@example.com');
    expect(refused).toMatchObject({ status: 'failed', lastError: 'SMTP server answered 550' });
  });

  it('writes nothing and sends nothing when the transaction fails after the links were written', async () => {
    const before = {
      links: await count('share_link'),
      messages: await count('outbox_message'),
      counted: await count('message_daily_count'),
      mails: smtp.received.length,
    };
    const spy = jest.spyOn(outbox(), 'enqueueCounted').mockImplementationOnce(async function (
      this: MessageOutbox,
      ...args
    ) {
      await MessageOutbox.prototype.enqueueCounted.apply(this, args);
      throw new Error('the database went away');
    });
    const res = await share(t, a, {
      emailAddresses: ['late@example.com'],
      recipeSetReadableId: id,
    });
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect({
      links: await count('share_link'),
      messages: await count('outbox_message'),
      counted: await count('message_daily_count'),
      mails: smtp.received.length,
    }).toEqual(before);
    const used = await t.dataSource.query<{ count: number }[]>(
      `SELECT count FROM message_daily_count WHERE kind = 'share'`,
    );
    expect(used.map((r) => r.count)).toEqual([5]);
  });

  it('keeps addresses, numbers and links out of the logs', () => {
    const logs = t.logs();
    expect(logs).toContain('r***@example.com');
    for (const secret of [
      'jane@example.com',
      'refused@example.com',
      'ok@example.com',
      '+4915122222222',
      '+4915111111111',
    ])
      expect(logs).not.toContain(secret);
    // No share link, whole or its token alone.
    expect(logs).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect(smtp.received.length).toBeGreaterThan(0);
  });

  it("answers sent 0 and held n for a sandbox client's share: its messages never leave the outbox", async () => {
    const sandbox = await createClient(t.app, { role: Role.Admin, sandbox: true });
    const [sandboxId] = await demoRecipeSets(t, sandbox);
    const mails = smtp.received.length;
    const texts = sms.received.length;
    const res = await share(t, sandbox, {
      emailAddresses: ['held@example.com'],
      phoneNumbers: ['+49 151 33333333'],
      recipeSetReadableId: sandboxId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 0, held: 2 });
    expect(smtp.received).toHaveLength(mails);
    expect(sms.received).toHaveLength(texts);
    const listed = await request(t.http)
      .get('/api/sandbox/messages')
      .set('SERVICE_API_TOKEN', sandbox.token);
    expect(listed.status).toBe(200);
    expect(
      (listed.body.data as { channel: string; kind: string }[])
        .map((m) => `${m.kind} ${m.channel}`)
        .sort(),
    ).toEqual(['share email', 'share sms']);
  });
});
