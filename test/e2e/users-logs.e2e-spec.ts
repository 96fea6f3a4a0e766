import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { eventually } from '../support/messages';
import { startSmtpSink } from '../support/smtp-sink';
import { acceptInvitation, linkIn } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const WEAK = 'password1234';
const WRONG = 'tangerine orbit 77 hums';

/**
 * What the logs must never hold (docs/design.md §10): passwords, API tokens, invitation links or
 * their tokens, e-mail addresses. Every users route runs here, with delivery by a job over SMTP
 * (one app per file: the test reads its log).
 */
describe('Users: nothing secret or personal in the logs', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink(['bounce@example.com']);
    t = await createTestApp({ env: { WORKERS: 'true', SMTP_URL: smtp.url, LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('logs the requests of invitation, acceptance and credential checks without their secrets', async () => {
    const acme = await createClient(t.app, { role: Role.Admin });
    const as = (r: request.Test) => r.set('SERVICE_API_TOKEN', acme.token);
    const invited = await as(request(t.http).post('/api/user/invite')).send({
      email: 'Secret.Person@example.com',
      firstName: 'Secret',
    });
    expect(invited.status).toBe(200);
    await as(request(t.http).get(`/api/user/invite/${invited.body.data.id}`)).expect(200);
    await as(request(t.http).post('/api/user/invite')).send({ email: 'bounce@example.com' });
    await eventually('two invitations arrive', () => smtp.received.length === 2);
    const [first, second] = smtp.received.map((m) => linkIn(m.parsed.text ?? ''));
    expect(first).not.toBe(second);

    await request(t.http).get(first).expect(404);
    expect((await acceptInvitation(t, second, { password: WEAK, confirmation: WEAK })).status).toBe(
      422,
    );
    const accepted = await acceptInvitation(t, second, {
      password: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    const check = (password: string) =>
      request(t.http)
        .post('/api/user/check-credentials')
        .send({ email: 'secret.person@example.com', password });
    expect((await check(PASSWORD)).text).toBe(JSON.stringify(invited.body.data.id));
    for (let i = 0; i < 10; i++) await check(WRONG);
    expect((await check(WRONG)).status).toBe(429);
    await as(request(t.http).post('/api/user/invite')).send({ email: 'secret.person@example.com' });

    await eventually('the refused invitation is logged', () =>
      t.logs().includes('a message could not be delivered'),
    );
    const logs = t.logs();
    // The requests are in the log, with the link's token replaced.
    expect(logs).toContain('/invitation/[token]');
    expect(logs).toContain('/api/user/check-credentials');
    for (const secret of [
      PASSWORD,
      WEAK,
      WRONG,
      acme.token,
      first,
      second,
      first.split('/').pop()!,
      second.split('/').pop()!,
      'secret.person@example.com',
      'Secret.Person@example.com',
      'bounce@example.com',
    ])
      expect({ secret, logged: logs.includes(secret) }).toEqual({ secret, logged: false });
  });
});
