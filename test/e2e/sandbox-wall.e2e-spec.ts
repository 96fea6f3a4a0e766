import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, createToken, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { runCli } from '../support/run-cli';
import { acceptInvitation, invitationLinks, invite } from '../support/users';

const PASSWORD = 'violet tractor 42 sings';
const OTHER_PASSWORD = 'tangerine orbit 77 hums';

/**
 * The wall between sandbox and live clients (docs/design.md §3 and §10, docs/api/sandbox.md): a
 * sandbox client never acts for another client, its users never sign in for live callers nor hold
 * an address for live clients, and the readable ids it chooses never meet the service's own.
 */
describe('Sandbox: the wall around sandbox clients (HTTP)', () => {
  let t: TestApp;
  let sb: TestClient;
  let otherSb: TestClient;
  let live: TestClient;
  let liveB: TestClient;
  let service: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    sb = await createClient(t.app, { role: Role.Admin, sandbox: true });
    otherSb = await createClient(t.app, { role: Role.Admin, sandbox: true });
    live = await createClient(t.app, { role: Role.Admin });
    liveB = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  const as = (token: string | undefined) => {
    const auth = (r: request.Test) =>
      (token ? r.set('SERVICE_API_TOKEN', token) : r).set('Accept', 'text/plain');
    return {
      get: (path: string) => auth(request(t.http).get(path)),
      post: (path: string, body: object = {}) => auth(request(t.http).post(path)).send(body),
    };
  };
  const checkCredentials = async (token: string | undefined, email: string, password: string) => {
    const res = await as(token).post('/api/user/check-credentials', { email, password });
    expect(res.status).toBe(200);
    return JSON.parse(res.text) as string | null;
  };
  const accept = async (link: string, password = PASSWORD) =>
    acceptInvitation(t, link, { password, confirmation: password });

  describe('roles: a sandbox client never acts for another client', () => {
    it('refuses to issue a sandbox client a ServiceAdmin token on the admin route, naming the rule', async () => {
      const res = await as(service.token).post(`/admin/clients/${sb.handle}/tokens`, {
        role: 'ServiceAdmin',
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain('cannot be issued to a sandbox client');
      expect(res.text).toContain('at most Admin');
      const admin = await as(service.token).post(`/admin/clients/${sb.handle}/tokens`, {
        role: 'Admin',
      });
      expect(admin.status).toBe(201);
      expect(admin.body.token).toMatch(/^pci_test_/);
    });

    it('refuses it in the CLI too, and issues the same role to a live client', async () => {
      const refused = await runCli(
        t.db.env,
        'token',
        'create',
        sb.handle,
        '--role',
        'ServiceAdmin',
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('cannot be issued to a sandbox client');
      const issued = await runCli(
        t.db.env,
        'token',
        'create',
        live.handle,
        '--role',
        'serviceadmin',
      );
      expect(issued.code).toBe(0);
      expect(issued.lastLine).toMatch(/^pci_(?!test_)/);
    });

    it('ignores the ServiceAdmin role of a sandbox token found in the database: no other client, no admin routes', async () => {
      const token = await createToken(t.app, sb.handle, Role.Admin);
      await t.dataSource.query(
        `UPDATE api_token SET role = 'ServiceAdmin' WHERE client_id = $1 AND role = 'Admin'`,
        [sb.id],
      );
      const bad = as(token);
      expect((await bad.get('/admin/clients')).status).toBe(403);
      const created = await bad.post('/admin/clients', { handle: 'sb-made', name: 'Made' });
      expect(created.status).toBe(403);
      const minted = await bad.post(`/admin/clients/${live.handle}/tokens`, { role: 'Admin' });
      expect(minted.status).toBe(403);
      const hooks = await bad.get(`/api/webhooks/endpoints?clientHandle=${live.handle}`);
      expect(hooks.status).toBe(403);
      const events = await bad.get(`/api/events?clientHandle=${live.handle}`);
      expect(events.status).toBe(403);
      // It is still an Admin of its own client.
      expect((await bad.get('/api/users')).status).toBe(200);
    });
  });

  describe('users: sandbox users never meet live ones', () => {
    it('answers a sandbox user to its own sandbox client only; to live callers like an unknown user', async () => {
      const { id, link } = await invite(t, sb.token, { email: 'victim@example.com' });
      expect((await accept(link)).status).toBe(200);
      expect(await checkCredentials(sb.token, 'victim@example.com', PASSWORD)).toBe(id);
      expect(await checkCredentials(undefined, 'victim@example.com', PASSWORD)).toBeNull();
      expect(await checkCredentials(live.token, 'victim@example.com', PASSWORD)).toBeNull();
      expect(await checkCredentials(otherSb.token, 'victim@example.com', PASSWORD)).toBeNull();
      expect(await checkCredentials(undefined, 'nobody@example.com', PASSWORD)).toBeNull();
    });

    it('lets a live client really invite an address a sandbox user has, which then signs in live', async () => {
      const res = await as(live.token).post('/api/user/invite', { email: 'Victim@Example.com' });
      expect(res.status).toBe(200);
      const id = res.body.data.id as string;
      expect((await as(live.token).get(`/api/users/${id}`)).status).toBe(200);
      const rows = await t.dataSource.query(
        'SELECT client_id FROM app_user WHERE email = $1 ORDER BY invited_at',
        ['victim@example.com'],
      );
      expect(rows).toEqual([{ client_id: sb.id }, { client_id: live.id }]);
      const links = await invitationLinks(t, 'victim@example.com');
      expect(links).toHaveLength(2);
      expect((await accept(links[1], OTHER_PASSWORD)).status).toBe(200);
      expect(await checkCredentials(undefined, 'victim@example.com', OTHER_PASSWORD)).toBe(id);
      expect(await checkCredentials(undefined, 'victim@example.com', PASSWORD)).toBeNull();
    });
  });

  describe('addresses: an invitation reserves nothing for other clients', () => {
    it('really invites an address another client invited, whether that invitation is open or expired', async () => {
      const open = await invite(t, live.token, { email: 'pending@example.com' });
      const expired = await invite(t, live.token, { email: 'lapsed@example.com' });
      await t.dataSource.query(
        `UPDATE app_user SET invitation_expires_at = now() - interval '1 day' WHERE id = $1`,
        [expired.id],
      );
      for (const email of ['pending@example.com', 'lapsed@example.com']) {
        const res = await as(liveB.token).post('/api/user/invite', { email });
        expect(res.status).toBe(200);
        const mine = await as(liveB.token).get(`/api/users/${res.body.data.id}`);
        expect(mine.status).toBe(200);
        expect(mine.body.data).toMatchObject({ email, status: 'Invited' });
        expect(await invitationLinks(t, email)).toHaveLength(2);
      }
      // The first client's invitation stays; its own second invitation is still a conflict.
      expect((await as(live.token).get(`/api/users/${open.id}`)).status).toBe(200);
      const again = await as(live.token).post('/api/user/invite', { email: 'pending@example.com' });
      expect(again.status).toBe(409);
    });

    it("answers another client's user id exactly like an id no user has", async () => {
      const { id } = await invite(t, live.token, { email: 'theirs@example.com' });
      const made = randomUUID();
      for (const path of ['/api/users/', '/api/user/invite/']) {
        const other = await as(liveB.token).get(`${path}${id}`);
        const none = await as(liveB.token).get(`${path}${made}`);
        expect([other.status, none.status]).toEqual([404, 404]);
        expect(other.text.replace(id, made)).toBe(none.text);
      }
    });

    it('invites an address a live user of another client signs in with; only one live user can accept it', async () => {
      const first = await invite(t, live.token, { email: 'taken@example.com' });
      expect((await accept(first.link)).status).toBe(200);
      const second = await invite(t, liveB.token, { email: 'taken@example.com' });
      expect((await as(liveB.token).get(`/api/users/${second.id}`)).status).toBe(200);
      const refused = await accept(second.link, OTHER_PASSWORD);
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('already signs in to another account');
      expect(await checkCredentials(undefined, 'taken@example.com', PASSWORD)).toBe(first.id);
      expect(await checkCredentials(undefined, 'taken@example.com', OTHER_PASSWORD)).toBeNull();
    });
  });

  describe('readable ids: a sandbox client neither probes nor reserves the service’s own', () => {
    let liveIds: string[];

    beforeAll(async () => {
      const demo = t.app.get(DemoService);
      for (const c of [sb, live]) await demo.installCatalog(c.handle);
      liveIds = (await demo.createRecipeSets(live.handle, { count: 1 })).map((r) => r.readableId);
    });

    it('refuses, before any lookup, an id the service could draw: taken by a live client or free alike', async () => {
      const body = { productHandle: 'demo-tee' };
      const taken = await as(sb.token).post('/api/recipesets', {
        ...body,
        readableId: liveIds[0],
      });
      const free = await as(sb.token).post('/api/recipesets', { ...body, readableId: 'ZZZZ2345' });
      expect([taken.status, free.status]).toEqual([400, 400]);
      expect(taken.text).toContain(
        `readableId ${liveIds[0]} must hold at least one of I, O, 0 or 1`,
      );
      expect(free.text).toBe(taken.text.replace(liveIds[0], 'ZZZZ2345'));
      const chosen = await as(sb.token).post('/api/recipesets', {
        ...body,
        readableId: 'fail0x7q',
      });
      expect(chosen.status).toBe(201);
      expect(chosen.body.data.readableId).toBe('FAIL0X7Q');
    });
  });
});
