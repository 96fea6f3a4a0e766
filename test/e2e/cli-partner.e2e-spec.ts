import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { ordersApi } from '../factories/orders';
import { createTestApp, TestApp } from '../setup/test-app';
import { assertPartnerCliBuilt, Running, runNode, startNode } from '../support/partner-cli';
import { assertCliBuilt, CLI } from '../support/run-cli';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { webhooksApi } from '../support/webhooks';

/**
 * The partner commands as a partner runs them: the file the API serves (/downloads/pci.cjs) in a
 * folder with nothing installed, and `pci` itself, with only the API's URL and a token.
 */
describe('Partner CLI: pci listen and pci trigger (processes against the API over HTTP)', () => {
  let t: TestApp;
  let apiUrl: string;
  let live: TestClient;
  let home: string;
  let pci: string;
  let receiver: WebhookReceiver;
  const outputs: string[] = [];
  const tokens: string[] = [];

  /** A partner's environment: the API, a token, a home of its own; nothing of the server's. */
  const env = (token: string) => ({
    PCI_API_URL: apiUrl,
    PCI_TOKEN: token,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
  });
  const keep = <T extends { stdout: string; stderr: string }>(r: T): T => {
    outputs.push(r.stdout, r.stderr);
    return r;
  };
  const stop = async (running: Running) => {
    running.child.kill('SIGTERM');
    const code = await running.exited;
    outputs.push(running.stdout(), running.stderr());
    return code;
  };

  beforeAll(async () => {
    assertPartnerCliBuilt();
    assertCliBuilt();
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    apiUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    live = await createClient(t.app, { role: Role.Admin });
    tokens.push(live.token);
    receiver = await startWebhookReceiver();
    home = mkdtempSync(join(tmpdir(), 'pci-partner-'));
    // Installed as the docs say: the file the API serves, in a folder without node_modules.
    const res = await fetch(`${apiUrl}/downloads/pci.cjs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    pci = join(home, 'pci.cjs');
    writeFileSync(pci, Buffer.from(await res.arrayBuffer()));
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('forwards each new event signed, and resumes after a restart with no duplicate and no gap', async () => {
    const orders = ordersApi(t, live);
    const log = webhooksApi(t, live.token);
    // Before the first run: not forwarded (a first run starts at the end of the log).
    await orders.placeOrder('LISTEN-0', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    const before = (await log.allEvents()).map((e) => e.id);

    const printed = keep(await runNode(pci, ['listen', '--print-secret'], env(live.token), home));
    expect(printed.code).toBe(0);
    const secret = printed.stdout.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const args = ['listen', '--forward-to', receiver.url];
    const first = startNode(pci, args, env(live.token), home);
    await first.printed(`Webhook signing secret: ${secret}`, 'stderr');
    await orders.placeOrder('LISTEN-1', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    await receiver.waitFor((r) => r.length === 2);
    await first.printed(/order\.acknowledged +evt_\S+ +seq 1 +-> 200 +\d+ ms\n/, 'stdout');
    expect(await stop(first)).toBe(0);
    expect(first.stderr()).toContain('Stopped; the place in the log is saved');

    // While it is stopped: forwarded by the next run. Its first delivery is answered 500, which
    // is printed, and the next events still come.
    await orders.placeOrder('LISTEN-2', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    receiver.answerWith((_, index) => ({ status: index === 2 ? 500 : 204 }));
    const second = startNode(pci, args, env(live.token), home);
    await receiver.waitFor((r) => r.length === 4);
    await orders.placeOrder('LISTEN-3', 1, [{ sku: 'TEE-M', quantity: 1 }]);
    await receiver.waitFor((r) => r.length === 6);
    await second.printed(/-> 500 /, 'stdout');
    await second.printed(/(-> 204 [^\n]*\n[^\n]*){3}/, 'stdout');
    expect(await stop(second)).toBe(0);

    const after = (await log.allEvents()).map((e) => e.id).filter((id) => !before.includes(id));
    expect(after).toHaveLength(6);
    expect(receiver.received.map((r) => r.event.id)).toEqual(after);
    const webhook = new Webhook(secret);
    for (const r of receiver.received) {
      expect(webhook.verify(r.body, r.headers as Record<string, string>)).toEqual(r.event);
      expect(r.headers['webhook-id']).toBe(r.event.id);
    }
    // One line per event, across both runs.
    expect((first.stdout() + second.stdout()).trim().split('\n')).toHaveLength(6);

    const dir = join(home, 'config', 'pci');
    const [file] = readdirSync(dir);
    expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  }, 240_000);

  it('exits 1 naming the cause when the API refuses the token or cannot be reached', async () => {
    const forward = ['listen', '--forward-to', receiver.url];
    const user = await createClient(t.app, { role: Role.User });
    tokens.push(user.token);
    const asUser = keep(await runNode(pci, forward, env(user.token), home));
    expect(asUser.code).toBe(1);
    expect(asUser.stderr).toMatch(/GET \/api\/events\S* answered 403: .*needs an Admin token/);

    const unknown = keep(await runNode(pci, forward, env('pci_unknownunknownunknown'), home));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/answered 401: .*check PCI_TOKEN/);

    const away = { ...env(live.token), PCI_API_URL: 'http://127.0.0.1:9' };
    const unreachable = keep(await runNode(pci, forward, away, home));
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('Cannot reach the API at http://127.0.0.1:9');

    const bad = keep(
      await runNode(pci, [...forward, '--events', 'order.shipped'], env(live.token), home),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown event type "order.shipped"');
  }, 240_000);

  it('pci trigger causes the event for a sandbox token, and refuses a live one', async () => {
    const sandbox = await createClient(t.app, { role: Role.Admin, sandbox: true });
    tokens.push(sandbox.token);
    await t.app.get(DemoService).installCatalog(sandbox.handle);
    // `pci` itself, from a folder that is not the checkout and without the server's variables.
    const shipped = keep(
      await runNode(CLI, ['trigger', 'order.shipment.recorded'], env(sandbox.token), home),
    );
    expect(shipped).toMatchObject({ code: 0 });
    expect(shipped.stdout).toMatch(
      /acknowledged\n.*shipped.*\nTriggered order\.shipment\.recorded\.\n$/,
    );
    const types = (await webhooksApi(t, sandbox.token).allEvents()).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['order.acknowledged', 'order.shipment.recorded']),
    );

    const refused = keep(
      await runNode(CLI, ['trigger', 'order.acknowledged'], env(live.token), home),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `this token is of the live client ${live.handle}: use a sandbox token`,
    );

    const other = keep(await runNode(CLI, ['trigger', 'share.sent'], env(sandbox.token), home));
    expect(other.code).toBe(2);
    expect(other.stderr).toBe(
      '"share.sent" cannot be triggered: pci trigger causes order.acknowledged, recipe_set.status_changed, order.line_item.status_changed, order.shipment.recorded, print_files.failed.\n',
    );
  }, 240_000);

  it('never prints a token', () => {
    expect(outputs.length).toBeGreaterThan(10);
    expect(tokens).toHaveLength(3);
    for (const token of tokens) for (const text of outputs) expect(text).not.toContain(token);
  });
});
