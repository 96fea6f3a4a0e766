import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { MessageOutbox } from '../../src/messages';
import { createTestApp, TestApp } from '../setup/test-app';
import { eventually, testEmail, testSms } from '../support/messages';

/**
 * Embedded mode's default: no channel is configured, so messages stay in the outbox (one app per
 * file: Nest's static logger follows the last app created).
 */
describe('Message outbox without SMTP_URL or SMS_WEBHOOK_URL (embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS: 'true' } });
  });
  afterAll(() => t.close());

  it('keeps the messages in the outbox, says so in the log without their content, and lists them', async () => {
    const outbox = t.app.get(MessageOutbox);
    const ids = await outbox.enqueue([testEmail('held@example.com'), testSms('+4915112345678')]);
    // Held as they are stored, with no delivery job; the log line of each is written after the
    // commit, through the logger's stream.
    await eventually(
      'the log says so',
      () =>
        t.logs().includes('SMS_WEBHOOK_URL is not set') && t.logs().includes('SMTP_URL is not set'),
    );
    const listed = await outbox.list(10, 'held');
    expect(listed.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(listed.find((m) => m.channel === 'email')?.message).toEqual(
      testEmail('held@example.com'),
    );
    const logs = t.logs();
    expect(logs).toContain('SMTP_URL is not set');
    expect(logs).toContain('SMS_WEBHOOK_URL is not set');
    expect(logs).toContain('h***@example.com');
    for (const secret of ['held@example.com', '+4915112345678', 'geheimer'])
      expect(logs).not.toContain(secret);
  });

  it('counts the held messages by kind in /metrics', async () => {
    const service = await createClient(t.app, { role: Role.ServiceAdmin });
    const res = await request(t.http).get('/metrics').set('SERVICE_API_TOKEN', service.token);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^outbox_messages\{status="held",kind="test"\} 2$/m);
    expect(res.text).not.toMatch(/^outbox_messages\{status="queued"/m);
  });
});
