import { Role } from '../../src/common/auth/role';
import { createClient, TestClient } from '../factories/clients';
import { TEXT_TYPE } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { WebhooksApi, webhooksApi } from '../support/webhooks';

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
    await refused(
      'https://no-such-host.invalid/hooks',
      /the host no-such-host\.invalid (does not resolve|did not resolve within 5000 ms)/,
    );
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
