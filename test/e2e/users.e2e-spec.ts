import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { acceptInvitation, checkCredentials, invitationLinks, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';

/** Users through HTTP: invitations, resending, listing, disabling; tenancy. */
describe('Users (invite, resend, list, disable)', () => {
  let t: TestApp;
  let acme: TestClient;
  let other: TestClient;
  let userToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await createClient(t.app, { role: Role.Admin });
    other = await createClient(t.app, { role: Role.Admin });
    userToken = await createToken(t.app, acme.handle, Role.User);
  });
  afterAll(() => t.close());

  const post = (token: string | undefined, body: unknown) => {
    const req = request(t.http).post('/api/user/invite');
    if (token) void req.set('SERVICE_API_TOKEN', token);
    return req.send(body as object);
  };

  describe('POST /api/user/invite', () => {
    it('creates an invited user, answers 200 {data} and writes an invitation e-mail in the locale', async () => {
      const res = await post(acme.token, {
        email: '  Jane.Doe@Example.com ',
        firstName: 'Jane',
        lastName: 'Doe',
        role: 'admin',
        locale: 'de-AT',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const user = res.body.data;
      expect(user).toMatchObject({
        email: 'jane.doe@example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        role: 'Admin',
        status: 'Invited',
        locale: 'de',
        clientHandle: acme.handle,
        acceptedDate: null,
      });
      const days = (Date.parse(user.invitationExpiresDate) - Date.parse(user.invitedDate)) / 864e5;
      expect(days).toBe(7);
      const links = await invitationLinks(t, 'jane.doe@example.com');
      expect(links).toHaveLength(1);
      const page = await request(t.http).get(links[0]);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="de">');
      expect(page.text).toContain('Passwort festlegen');
    });

    it('defaults: role User, locale en, names null', async () => {
      const res = await post(acme.token, { email: 'plain@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        role: 'User',
        locale: 'en',
        firstName: null,
        lastName: null,
      });
    });

    it('answers 409 text for an e-mail of its own client, in any case', async () => {
      await post(acme.token, { email: 'taken@example.com' }).expect(200);
      for (const email of ['taken@example.com', 'TAKEN@example.com']) {
        const res = await post(acme.token, { email });
        expect(res.status).toBe(409);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toBe('A user with this e-mail address exists already.');
      }
    });

    it.each([
      [{ email: 'not-an-address' }, 'email must be an e-mail address'],
      [{}, 'email'],
      [{ email: 'x@example.com', role: 'ServiceAdmin' }, 'role must be User or Admin'],
      [{ email: 'x@example.com', locale: '<script>' }, 'locale must be a language tag'],
      [{ email: 'x@example.com', firstName: 'x'.repeat(101) }, 'firstName'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email'],
    ])('answers 400 naming the problem for %j', async (body, named) => {
      const res = await post(acme.token, body);
      expect(res.status).toBe(400);
      expect(res.text).toContain(named);
      expect(await invitationLinks(t, 'x@example.com')).toHaveLength(0);
    });

    it('answers 403 to a User token and 401 without a token', async () => {
      expect((await post(userToken, { email: 'u@example.com' })).status).toBe(403);
      expect((await post(undefined, { email: 'u@example.com' })).status).toBe(401);
      expect(await invitationLinks(t, 'u@example.com')).toHaveLength(0);
    });
  });

  describe('GET /api/user/invite/{userId}', () => {
    it('sends a new link and the first one stops working', async () => {
      const { id, link } = await invite(t, acme.token, { email: 'resend@example.com' });
      const res = await request(t.http)
        .get(`/api/user/invite/${id}`)
        .set('SERVICE_API_TOKEN', acme.token);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      const links = await invitationLinks(t, 'resend@example.com');
      expect(links).toHaveLength(2);
      expect(links[1]).not.toBe(link);
      expect((await request(t.http).get(link)).status).toBe(404);
      expect((await request(t.http).get(links[1])).status).toBe(200);
    });

    it('sends nothing to a user who has accepted (still 200)', async () => {
      const { id, link } = await invite(t, acme.token, { email: 'accepted@example.com' });
      expect(
        (await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD })).status,
      ).toBe(200);
      await request(t.http)
        .get(`/api/user/invite/${id}`)
        .set('SERVICE_API_TOKEN', acme.token)
        .expect(200);
      expect(await invitationLinks(t, 'accepted@example.com')).toHaveLength(1);
    });

    it("answers 404 for another client's user, an unknown id or a malformed one; 403 to a User token", async () => {
      const { id } = await invite(t, acme.token, { email: 'mine@example.com' });
      for (const [token, userId] of [
        [other.token, id],
        [acme.token, '00000000-0000-4000-8000-000000000000'],
        [acme.token, 'not-a-uuid'],
      ]) {
        const res = await request(t.http)
          .get(`/api/user/invite/${userId}`)
          .set('SERVICE_API_TOKEN', token);
        expect(res.status).toBe(404);
        expect(res.text).toBe(`User "${userId}" was not found.`);
      }
      await request(t.http)
        .get(`/api/user/invite/${id}`)
        .set('SERVICE_API_TOKEN', userToken)
        .expect(403);
      expect(await invitationLinks(t, 'mine@example.com')).toHaveLength(1);
    });
  });

  describe('GET /api/users and PATCH /api/users/{userId}', () => {
    it("lists only the caller's users, newest first, with X-Total-Count and pages", async () => {
      const c = await createClient(t.app, { role: Role.Admin });
      for (const n of [1, 2, 3]) await invite(t, c.token, { email: `list${n}@example.com` });
      const res = await request(t.http)
        .get('/api/users?pageSize=2')
        .set('SERVICE_API_TOKEN', c.token);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.body.data.map((u: { email: string }) => u.email)).toEqual([
        'list3@example.com',
        'list2@example.com',
      ]);
      const page2 = await request(t.http)
        .get('/api/users?pageSize=2&page=2&status=invited')
        .set('SERVICE_API_TOKEN', c.token);
      expect(page2.body.data.map((u: { email: string }) => u.email)).toEqual(['list1@example.com']);
      const bad = await request(t.http)
        .get('/api/users?status=Gone')
        .set('SERVICE_API_TOKEN', c.token);
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('status must be Invited, Active or Disabled');
    });

    it("disables a user (no sign-in, the user's tokens stop), and enables again", async () => {
      const { id, link } = await invite(t, acme.token, {
        email: 'disable-me@example.com',
        role: 'Admin',
      });
      expect(
        (await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD })).status,
      ).toBe(200);
      const issued = await request(t.http)
        .post(`/admin/clients/${acme.handle}/tokens`)
        .set('SERVICE_API_TOKEN', (await serviceAdmin()).token)
        .send({ role: 'User', userId: id });
      expect(issued.status).toBe(201);
      const own = issued.body.token as string;
      const whoami = () =>
        request(t.http).get('/api/clients/current').set('SERVICE_API_TOKEN', own);
      expect((await whoami()).status).toBe(200);
      expect((await checkCredentials(t, 'disable-me@example.com', PASSWORD)).id).toBe(id);

      const patch = (status: string, token = acme.token) =>
        request(t.http).patch(`/api/users/${id}`).set('SERVICE_API_TOKEN', token).send({ status });
      const disabled = await patch('disabled');
      expect(disabled.status).toBe(200);
      expect(disabled.body.data.status).toBe('Disabled');
      expect((await whoami()).status).toBe(401);
      expect((await checkCredentials(t, 'disable-me@example.com', PASSWORD)).id).toBeNull();

      expect((await patch('Active', other.token)).status).toBe(404);
      expect((await patch('Active')).body.data.status).toBe('Active');
      expect((await whoami()).status).toBe(200);
      expect((await checkCredentials(t, 'disable-me@example.com', PASSWORD)).id).toBe(id);
    });

    it('refuses a token for a user of another client or beyond the user role', async () => {
      const { id } = await invite(t, acme.token, { email: 'token-user@example.com' });
      const admin = await serviceAdmin();
      const issue = (handle: string, role: string) =>
        request(t.http)
          .post(`/admin/clients/${handle}/tokens`)
          .set('SERVICE_API_TOKEN', admin.token)
          .send({ role, userId: id });
      const notActive = await issue(acme.handle, 'User');
      expect(notActive.status).toBe(400);
      expect(notActive.text).toContain('names a user who is not active');
      const foreign = await issue(other.handle, 'User');
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(`User ${id} was not found in this client.`);
    });

    it("a demoted user's Admin token stops working at once", async () => {
      const { id, link } = await invite(t, acme.token, {
        email: 'demote@example.com',
        role: 'Admin',
      });
      await acceptInvitation(t, link, { password: PASSWORD, confirmation: PASSWORD });
      const issued = await request(t.http)
        .post(`/admin/clients/${acme.handle}/tokens`)
        .set('SERVICE_API_TOKEN', (await serviceAdmin()).token)
        .send({ role: 'Admin', userId: id });
      const own = issued.body.token as string;
      const listUsers = () => request(t.http).get('/api/users').set('SERVICE_API_TOKEN', own);
      expect((await listUsers()).status).toBe(200);
      await request(t.http)
        .patch(`/api/users/${id}`)
        .set('SERVICE_API_TOKEN', acme.token)
        .send({ role: 'User' })
        .expect(200);
      expect((await listUsers()).status).toBe(401);
    });

    it('a user who never accepted goes back to Invited when enabled, and needs a new link', async () => {
      const { id, link } = await invite(t, acme.token, { email: 'never@example.com' });
      const patch = (status: string) =>
        request(t.http)
          .patch(`/api/users/${id}`)
          .set('SERVICE_API_TOKEN', acme.token)
          .send({ status });
      expect((await patch('Disabled')).body.data.status).toBe('Disabled');
      expect((await patch('Active')).body.data.status).toBe('Invited');
      const read = await request(t.http)
        .get(`/api/users/${id}`)
        .set('SERVICE_API_TOKEN', acme.token);
      expect(read.body.data.status).toBe('Invited');
      expect((await request(t.http).get(link)).status).toBe(404);
      await request(t.http)
        .get(`/api/user/invite/${id}`)
        .set('SERVICE_API_TOKEN', acme.token)
        .expect(200);
      const links = await invitationLinks(t, 'never@example.com');
      expect((await request(t.http).get(links[links.length - 1])).status).toBe(200);
    });
  });

  let admin: TestClient | undefined;
  async function serviceAdmin(): Promise<TestClient> {
    admin ??= await createClient(t.app, { role: Role.ServiceAdmin });
    return admin;
  }
});
