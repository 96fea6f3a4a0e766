import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { runCli } from '../support/run-cli';
import { invitationLinks } from '../support/users';

/**
 * An e-mail address is a user at most once per client (docs/design.md §3): another client's user
 * of the address, invited or accepted, changes nothing for this client's invitation, which is
 * stored and sent like any other. So an Admin can neither tell where an address is used nor
 * reserve it.
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

  it("invites an address that is another client's user like any other (200, same shape), storing and sending it: no client learns or reserves it", async () => {
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
    // Both invitations exist and were sent, each its client's.
    expect(await invitationLinks(t, 'elsewhere@example.com')).toHaveLength(2);
    const rows = await t.dataSource.query(
      'SELECT client_id FROM app_user WHERE email = $1 ORDER BY invited_at',
      ['elsewhere@example.com'],
    );
    expect(rows).toEqual([{ client_id: acme.id }, { client_id: other.id }]);
    const again = await post(other.token, { email: 'elsewhere@example.com' });
    expect(again.status).toBe(409);
  });

  it('lets an operator name a user by an address several clients invited only by id, until one accepts', async () => {
    await post(acme.token, { email: 'both@example.com' });
    const theirs = await post(other.token, { email: 'both@example.com' });
    const byAddress = await runCli(t.db.env, 'user', 'disable', 'both@example.com');
    expect(byAddress.code).toBe(1);
    expect(byAddress.stderr).toContain('name the user by id');
    const byId = await runCli(t.db.env, 'user', 'disable', theirs.body.data.id);
    expect(byId.code).toBe(0);
    expect(JSON.parse(byId.stdout)).toMatchObject({
      clientHandle: other.handle,
      status: 'Disabled',
    });
  });

  it('answers both 200 when two clients invite the same address at once, inviting it for each', async () => {
    const [a, b] = await Promise.all([
      post(acme.token, { email: 'race@example.com' }),
      post(other.token, { email: 'race@example.com' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await invitationLinks(t, 'race@example.com')).toHaveLength(2);
  });

  it('answers 409 to one of two invitations of the same address by one client at once', async () => {
    const [a, b] = await Promise.all([
      post(acme.token, { email: 'twice@example.com' }),
      post(acme.token, { email: 'twice@example.com' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await invitationLinks(t, 'twice@example.com')).toHaveLength(1);
  });
});
