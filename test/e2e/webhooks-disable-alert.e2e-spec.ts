import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { MessageOutbox } from '../../src/messages';
import { freePort } from '../../scripts/lib/ports';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { ManualClock } from '../support/manual-clock';
import { acceptInvitation, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const HOUR = 3_600_000;

/**
 * An endpoint whose deliveries have all failed for WEBHOOK_DISABLE_AFTER_HOURS is disabled, its
 * pending deliveries fail, and the client's active Admin users are told by e-mail (the clock is
 * moved, not waited for).
 */
describe('Webhooks: an endpoint failing for days is disabled and its Admins are told', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let a: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: {
        WORKERS: 'true',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1,1,1,1,1,1',
        WEBHOOK_DISABLE_AFTER_HOURS: '120',
        WEBHOOK_BREAKER_OPEN_SECONDS: '1',
      },
    });
    a = await createClient(t.app, { role: Role.Admin });
    const admin = await invite(t, a.token, { email: 'ops@example.com', role: 'Admin' });
    await acceptInvitation(t, admin.link, { password: PASSWORD, confirmation: PASSWORD });
    await invite(t, a.token, { email: 'staff@example.com', role: 'User' });
  });
  afterAll(() => t.close());

  const api = (method: 'get' | 'post', path: string) =>
    request(t.http)[method](path).set('SERVICE_API_TOKEN', a.token);

  async function attempts(id: string) {
    const res = await api('get', `/api/webhooks/endpoints/${id}/deliveries`);
    return res.body.data as { attempt: number; status: string; error: string | null }[];
  }

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await check()).toBe(true);
  }

  it('keeps retrying within the window, then disables the endpoint and e-mails active Admins', async () => {
    // Nothing listens on this port: every attempt fails with a refused connection.
    const created = await api('post', '/api/webhooks/endpoints').send({
      url: `http://127.0.0.1:${await freePort()}/hooks`,
    });
    const id = created.body.data.id as string;
    await api('post', `/api/webhooks/endpoints/${id}/test`);
    await until(async () => (await attempts(id)).some((x) => x.status === 'failed'));
    expect((await api('get', `/api/webhooks/endpoints/${id}`)).body.data.status).toBe('enabled');

    clock.advance(121 * HOUR);
    await until(
      async () =>
        (await api('get', `/api/webhooks/endpoints/${id}`)).body.data.status === 'disabled',
    );
    const endpoint = (await api('get', `/api/webhooks/endpoints/${id}`)).body.data;
    expect(endpoint.disabledReason).toMatch(/^every delivery failed for 121 hours$/);
    const log = await attempts(id);
    expect(log.filter((x) => x.status === 'pending')).toEqual([]);

    const alerts = (await t.app.get(MessageOutbox).list(100)).filter(
      (m) => m.kind === 'webhook-disabled',
    );
    expect(alerts.map((m) => m.message.to)).toEqual(['ops@example.com']);
    const mail = alerts[0].message.channel === 'email' ? alerts[0].message.email : undefined;
    expect(mail?.text).toContain(`(${id}) was disabled: every delivery failed for 121 hours`);
  });

  it('counts the attempts by outcome in /metrics, with their latency and the queue age', async () => {
    const service = await createClient(t.app, { role: Role.ServiceAdmin });
    const res = await request(t.http).get('/metrics').set('SERVICE_API_TOKEN', service.token);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^webhook_attempts_total\{outcome="retried"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^webhook_attempt_duration_seconds_count\{outcome="retried"\} [1-9]/m);
    expect(res.text).toMatch(/^webhook_first_attempt_delay_seconds_count [1-9]/m);
    expect(res.text).toMatch(/^webhook_queue_age_seconds \d/m);
    expect(res.text).toMatch(/^jobs_queued\{name="deliver-webhook"\} \d+$/m);
  });
});
