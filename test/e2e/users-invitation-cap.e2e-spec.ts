import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { invitationLinks, invite } from '../support/users';

/** The invitations a client may have sent per UTC day (INVITATION_DAILY_LIMIT), through HTTP. */
describe('Invitations: the daily cap per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { INVITATION_DAILY_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  it('answers 429 text past INVITATION_DAILY_LIMIT, creating and sending nothing; other clients are not affected', async () => {
    const acme = await createClient(t.app, { role: Role.Admin });
    const other = await createClient(t.app, { role: Role.Admin });
    const { id } = await invite(t, acme.token, { email: 'cap1@example.com' });
    await invite(t, acme.token, { email: 'cap2@example.com' });
    const over = await request(t.http)
      .post('/api/user/invite')
      .set('SERVICE_API_TOKEN', acme.token)
      .send({ email: 'cap3@example.com' });
    expect(over.status).toBe(429);
    expect(over.headers['content-type']).toMatch(/^text\/plain/);
    expect(over.text).toBe(
      'This client has sent 2 invitations today (UTC), the most allowed per day; nothing was sent. Retry after midnight UTC.',
    );
    const resend = await request(t.http)
      .get(`/api/user/invite/${id}`)
      .set('SERVICE_API_TOKEN', acme.token);
    expect(resend.status).toBe(429);
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(resend.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    const users = await request(t.http).get('/api/users').set('SERVICE_API_TOKEN', acme.token);
    expect(users.headers['x-total-count']).toBe('2');
    expect(await invitationLinks(t, 'cap3@example.com')).toHaveLength(0);
    expect(await invitationLinks(t, 'cap1@example.com')).toHaveLength(1);
    await invite(t, other.token, { email: 'cap4@example.com' });
  });
});
