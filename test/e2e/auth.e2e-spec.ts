import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { TestOnlyController } from '../support/test-only.controller';

describe('Authentication and authorization (HTTP)', () => {
  let t: TestApp;
  let user: TestClient;
  let other: TestClient;
  let service: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      controllers: [TestOnlyController],
      env: { API_TOKEN_HEADERS: 'SPECTRUM_API_TOKEN, X-Legacy-Token' },
    });
    user = await createClient(t.app, { role: Role.User });
    other = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  const scoped = (handle: string) => `/test-only/clients/${handle}`;

  it('answers 401 text/plain without a token', async () => {
    const res = await request(t.http).get(scoped(user.handle));
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Missing API token: send it in the SERVICE_API_TOKEN header.');
  });

  it('answers 401 for an unknown token and for an over-long one', async () => {
    for (const token of ['pci_notarealtoken', 'x'.repeat(5000)]) {
      const res = await request(t.http).get(scoped(user.handle)).set('SERVICE_API_TOKEN', token);
      expect(res.status).toBe(401);
      expect(res.text).toBe('The API token is invalid or has been revoked.');
    }
  });

  it('accepts the token in SERVICE_API_TOKEN, in any header case, and in configured aliases', async () => {
    for (const header of [
      'SERVICE_API_TOKEN',
      'service_api_token',
      'Service_Api_Token',
      'SPECTRUM_API_TOKEN',
      'spectrum_api_token',
      'x-legacy-token',
    ]) {
      const res = await request(t.http).get(scoped(user.handle)).set(header, user.token);
      expect({ header, status: res.status }).toEqual({ header, status: 200 });
      expect(res.body).toEqual({ handle: user.handle });
    }
  });

  it('does not accept the token in an unconfigured header or as a bearer token', async () => {
    for (const [header, value] of [
      ['X-Api-Token', user.token],
      ['Authorization', `Bearer ${user.token}`],
    ]) {
      const res = await request(t.http).get(scoped(user.handle)).set(header, value);
      expect(res.status).toBe(401);
    }
  });

  it('answers 401 once a token is revoked, and 403 for a route needing a higher role', async () => {
    const victim = await createClient(t.app, { role: Role.Admin });
    const before = await request(t.http)
      .get(scoped(victim.handle))
      .set('SERVICE_API_TOKEN', victim.token);
    expect(before.status).toBe(200);

    const forbidden = await request(t.http)
      .delete(`/admin/tokens/${victim.tokenId}`)
      .set('SERVICE_API_TOKEN', victim.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).toBe('This operation needs the ServiceAdmin role.');

    const revoke = await request(t.http)
      .delete(`/admin/tokens/${victim.tokenId}`)
      .set('SERVICE_API_TOKEN', service.token);
    expect(revoke.status).toBe(204);
    const after = await request(t.http)
      .get(scoped(victim.handle))
      .set('SERVICE_API_TOKEN', victim.token);
    expect(after.status).toBe(401);
    expect(after.text).toBe('The API token is invalid or has been revoked.');
  });

  it("answers 403 on a path naming another client's handle, except for ServiceAdmin", async () => {
    const res = await request(t.http)
      .get(scoped(other.handle))
      .set('SERVICE_API_TOKEN', user.token);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(`The API token does not belong to client ${other.handle}.`);

    const upper = await request(t.http)
      .get(scoped(user.handle.toUpperCase()))
      .set('SERVICE_API_TOKEN', user.token);
    expect(upper.status).toBe(200);

    const admin = await request(t.http)
      .get(scoped(other.handle))
      .set('SERVICE_API_TOKEN', service.token);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ handle: other.handle });
  });

  it('denies a route that declares no access rule, even with a ServiceAdmin token', async () => {
    for (const headers of [{}, { SERVICE_API_TOKEN: service.token }]) {
      const res = await request(t.http).get('/test-only/unclassified').set(headers);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('never be served');
    }
  });

  it('records when a token was last used, and stores only its hash', async () => {
    const rows: { token_hash: string; last_used_at: Date | null; prefix: string }[] =
      await t.dataSource.query(
        'SELECT token_hash, last_used_at, prefix FROM api_token WHERE id = $1',
        [user.tokenId],
      );
    expect(rows[0].last_used_at).toBeInstanceOf(Date);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    const all = JSON.stringify(await t.dataSource.query('SELECT * FROM api_token'));
    expect(all).not.toContain(user.token);
    expect(all).not.toContain(user.token.slice(12));
  });
});
