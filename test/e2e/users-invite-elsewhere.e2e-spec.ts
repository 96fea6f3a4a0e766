import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { invitationLinks } from '../support/users';

/**
 * An e-mail address is a user at most once in the whole service, but only its own client learns
 * that it is one (409): inviting another client's user answers like an invitation, with nothing
 * stored or sent, so an Admin can neither tell where an address is used nor reserve it
 * (issue 24, low finding).
 */
describe('Users: inviting an address that is a user elsewhere', () => {
  let t: TestApp;
  let acme: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await createClient(t.app, { role: Role.Admin });
    other = await createClient(t.app, { role: Role.Admin });
  });
  afterAll(() => t.close());

  const post = (token: string, body: object) =>
    request(t.http).post('/api/user/invite').set('SERVICE_API_TOKEN', token).send(body);

  it("answers another client's user like an invitation (200, same shape), storing and sending nothing: no client learns or reserves it", async () => {
    const first = await post(acme.token, { email: 'elsewhere@example.com', firstName: 'Ann' });
    expect(first.status).toBe(200);
    const res = await post(other.token, { email: 'Elsewhere@Example.com', firstName: 'Ann' });
    expect(res.status).toBe(200);
    const shape = (u: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v === null ? null : typeof v]));
    expect(shape(res.body.data)).toEqual(shape(first.body.data));
    expect(res.body.data).toMatchObject({
      email: 'elsewhere@example.com',
      firstName: 'Ann',
      status: 'Invited',
      clientHandle: other.handle,
    });
    expect(res.body.data.id).not.toBe(first.body.data.id);
    // Only the first client's invitation exists and was sent; the user stays theirs.
    expect(await invitationLinks(t, 'elsewhere@example.com')).toHaveLength(1);
    const rows = await t.dataSource.query('SELECT client_id FROM app_user WHERE email = $1', [
      'elsewhere@example.com',
    ]);
    expect(rows).toEqual([{ client_id: acme.id }]);
  });

  it('answers both 200 when two clients invite the same address at once, inviting it once', async () => {
    const [a, b] = await Promise.all([
      post(acme.token, { email: 'race@example.com' }),
      post(other.token, { email: 'race@example.com' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await invitationLinks(t, 'race@example.com')).toHaveLength(1);
  });
});
