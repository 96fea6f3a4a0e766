import { MessageOutbox } from '../../src/messages';
import { UnitOfWork } from '../../src/common/persistence/unit-of-work';
import { createTestApp, TestApp } from '../setup/test-app';
import { eventually, testEmail, testSms } from '../support/messages';
import { startSmsSink } from '../support/sms-sink';
import { startSmtpSink } from '../support/smtp-sink';

/** The outbox through the real app: job workers, a real SMTP server and an SMS provider. */
describe('Message outbox (SMTP and SMS delivery by jobs)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let provider: Awaited<ReturnType<typeof startSmsSink>>;
  const outbox = () => t.app.get(MessageOutbox);
  const status = async (id: string) => (await outbox().list(100)).find((m) => m.id === id);
  /** The states of the message's delivery jobs (pg-boss): 'completed' ends them for good. */
  const jobStates = async (id: string): Promise<string[]> =>
    (
      await t.dataSource.query<{ state: string }[]>(
        `SELECT state FROM pgboss.job WHERE name = 'deliver-message' AND data->>'messageId' = $1`,
        [id],
      )
    ).map((r) => r.state);

  beforeAll(async () => {
    smtp = await startSmtpSink(['refused@example.com']);
    provider = await startSmsSink([503]);
    t = await createTestApp({
      env: {
        WORKERS: 'true',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Demo Shop <shop@example.com>',
        SMS_WEBHOOK_URL: provider.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await provider.close();
  });

  it('delivers an e-mail over SMTP and records it sent', async () => {
    const [id] = await outbox().enqueue([testEmail('jane@example.com')]);
    await eventually('the mail arrives', () => smtp.received.length === 1);
    const { to, parsed } = smtp.received[0];
    expect(to).toEqual(['jane@example.com']);
    expect(parsed.from?.text).toBe('"Demo Shop" <shop@example.com>');
    expect(parsed.subject).toBe('Ihr Entwurf');
    expect(parsed.html).toContain('<html lang="de">');
    expect(parsed.text?.trim()).toBe('Ein geheimer Link');
    await eventually('it is recorded sent', async () => (await status(id))?.status === 'sent');
    expect(await status(id)).toMatchObject({ attempts: 1, lastError: null, channel: 'email' });
  });

  it("sends an SMS to the provider, retrying after the provider's 503", async () => {
    const [id] = await outbox().enqueue([testSms('+4915112345678')]);
    await eventually('the SMS arrives', () => provider.received.length === 1, 20_000);
    expect(provider.received).toEqual([
      { to: '+4915112345678', body: 'Your design: a secret link' },
    ]);
    await eventually('it is recorded sent', async () => (await status(id))?.status === 'sent');
    expect((await status(id))?.attempts).toBe(2);
  });

  it('records a recipient the SMTP server refuses as failed at once, without retrying', async () => {
    const [id] = await outbox().enqueue([testEmail('refused@example.com')]);
    await eventually('it is recorded failed', async () => (await status(id))?.status === 'failed');
    // Its job has ended (completed, not waiting for a retry): nothing will attempt it again.
    await eventually('its job has ended', async () => {
      const states = await jobStates(id);
      return states.length > 0 && states.every((s) => s === 'completed');
    });
    expect(await status(id)).toMatchObject({
      attempts: 1,
      lastError: 'SMTP server answered 550',
    });
  });

  it('writes nothing, and sends nothing, when the transaction rolls back', async () => {
    const before = (await outbox().list(1000)).length;
    const mails = smtp.received.length;
    await expect(
      t.app.get(UnitOfWork).run(async () => {
        await outbox().enqueue([testEmail('rollback@example.com')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await outbox().list(1000)).length).toBe(before);
    // A message queued after the rollback is delivered: the rolled-back one never will be (its
    // row and its job were in the transaction).
    await outbox().enqueue([testEmail('after-rollback@example.com')]);
    await eventually('the next message arrives', () =>
      smtp.received.some((m) => m.to.includes('after-rollback@example.com')),
    );
    expect(smtp.received.slice(mails).map((m) => m.to)).toEqual([['after-rollback@example.com']]);
  });

  it('keeps addresses, numbers and content out of the logs', () => {
    const logs = t.logs();
    expect(logs).toContain('refused@example.com'.replace(/^.*@/, 'r***@'));
    for (const secret of ['jane@example.com', '+4915112345678', 'geheimer', 'secret link'])
      expect(logs).not.toContain(secret);
  });
});
