import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { WebhooksApi, webhooksApi } from '../support/webhooks';

const TRANSITION = 'an IPv6 transition (6to4, Teredo or local-use NAT64) address';

/** A public address (TEST-NET-3): accepted, and never connected to (no workers run here). */
const PUBLIC = 'https://203.0.113.10/hooks';

/**
 * Endpoint URLs against server-side request forgery, as in production (WEBHOOK_ALLOW_PRIVATE_TARGETS
 * unset): https only, and no host that is or resolves to a loopback, private, link-local or
 * metadata address. A refusal is 400 naming the reason, and stores nothing.
 */
describe('Webhooks: endpoint URLs refused (SSRF) (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let api: WebhooksApi;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.Admin });
    api = webhooksApi(t, a.token);
  });
  afterAll(() => t.close());

  const refused = async (url: string, reason: RegExp | string) => {
    const res = await api.create({ url });
    expect({ url, status: res.status }).toEqual({ url, status: 400 });
    expect(res.headers['content-type']).toMatch(TEXT_TYPE);
    expect(res.text).toMatch(/^Invalid request: url: /);
    expect(res.text).toMatch(reason);
  };

  it('refuses plain http, even to a public address', async () => {
    await refused('http://203.0.113.10/hooks', 'url: only https URLs are accepted.');
    await refused('ftp://203.0.113.10/hooks', 'only https URLs are accepted');
  });

  it.each([
    ['https://127.0.0.1/', 'the host 127.0.0.1 is a loopback address'],
    ['https://127.8.9.10:8443/hooks', 'the host 127.8.9.10 is a loopback address'],
    ['https://10.0.0.1/', 'the host 10.0.0.1 is a private address'],
    ['https://172.16.5.4/', 'the host 172.16.5.4 is a private address'],
    ['https://192.168.1.1/', 'the host 192.168.1.1 is a private address'],
    [
      'https://169.254.169.254/latest/meta-data/',
      'the host 169.254.169.254 is a link-local or cloud metadata address',
    ],
    ['https://0.0.0.0/', 'the host 0.0.0.0 is an unspecified ("this network") address'],
    ['https://100.64.0.1/', 'the host 100.64.0.1 is a shared (carrier-grade NAT) address'],
    // Spellings the URL parser turns into the dotted form.
    ['https://0x7f000001/', 'the host 127.0.0.1 is a loopback address'],
    ['https://2130706433/', 'the host 127.0.0.1 is a loopback address'],
    ['https://[::1]/', 'the host ::1 is a loopback address'],
    ['https://[::ffff:10.0.0.1]/', 'is 10.0.0.1 in IPv6 form, a private address'],
    ['https://[fd00::1]/', 'the host fd00::1 is a private address'],
    // IPv6 transition forms that reach an IPv4 address through a relay or a local gateway.
    ['https://[2002:a00:1::1]/', `the host 2002:a00:1::1 is ${TRANSITION}`],
    ['https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/', `is ${TRANSITION}`],
    ['https://[64:ff9b:1::a00:1]/', `the host 64:ff9b:1::a00:1 is ${TRANSITION}`],
    ['https://[64:ff9b::7f00:1]/', 'is 127.0.0.1 in IPv6 form, a loopback address'],
  ])('refuses %s', async (url, reason) => {
    await refused(url, reason);
  });

  it('refuses a host name that resolves to a loopback address (localhost)', async () => {
    await refused(
      'https://localhost/hooks',
      /the host localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
    await refused(
      'https://LOCALHOST:8443/',
      /the host localhost resolves to .*, a loopback address/,
    );
  });

  it('refuses a host name that does not resolve', async () => {
    // .invalid never resolves (RFC 6761): answered without asking a DNS server.
    await refused(
      'https://no-such-host.invalid/hooks',
      'url: the host no-such-host.invalid does not resolve.',
    );
  });

  it('refuses a port other than 443 and 8443, naming it, before any lookup', async () => {
    await refused(
      'https://203.0.113.10:22/hooks',
      'url: the port 22 is not allowed (allowed: 443, 8443).',
    );
    await refused('https://203.0.113.10:6379/', 'the port 6379 is not allowed');
    await refused('https://never-looked-up.invalid:8080/', 'the port 8080 is not allowed');
    const other = webhooksApi(t, (await createClient(t.app, { role: Role.Admin })).token);
    expect((await other.create({ url: 'https://203.0.113.10:8443/hooks' })).status).toBe(201);
  });

  it('refuses credentials, fragments and what is not an absolute URL', async () => {
    await refused(
      'https://user:pw@203.0.113.10/',
      'the URL must not carry a user name or password',
    );
    await refused('https://203.0.113.10/hooks#top', 'the URL must not carry a fragment');
    await refused('/relative/hooks', '"/relative/hooks" is not an absolute URL');
    const empty = await api.create({ url: '' });
    expect(empty.status).toBe(400);
  });

  it('stores nothing refused, accepts a public https address, and refuses a private one on PATCH', async () => {
    expect((await api.list()).body).toEqual({ data: [] });
    const created = await api.create({ url: `  ${PUBLIC}  ` });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    expect(created.body.data.url).toBe(PUBLIC);
    const patched = await api.patch(id, { url: 'https://10.1.2.3/hooks' });
    expect(patched.status).toBe(400);
    expect(patched.text).toBe('Invalid request: url: the host 10.1.2.3 is a private address.');
    const moved = await api.patch(id, { url: 'http://203.0.113.11/' });
    expect(moved.status).toBe(400);
    expect(moved.text).toContain('only https URLs are accepted');
    expect((await api.list()).body.data.map((e: { url: string }) => e.url)).toEqual([PUBLIC]);
  });
});
