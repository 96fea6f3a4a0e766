import { execFile } from 'node:child_process';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runSandboxCheck } from '../../scripts/sandbox-check';
import { EVENT_TYPES } from '../../src/common/events/event-recorder';
import { Role } from '../../src/common/auth/role';
import { DemoService } from '../../src/demo';
import { createClient, TestClient } from '../factories/clients';
import { useDeliveringApp, webhooksApi } from '../support/webhooks';

/**
 * `npm run sandbox:check` (scripts/sandbox-check.ts) against the real app with its workers: a
 * sandbox client's receiver that answers 500 to share.sent is walked through every event type
 * over HTTP, and the report names share.sent alone. Needs the sandbox clients
 * (`createClient(app, { sandbox: true })` issuing a pci_test_ token, the /api/sandbox routes).
 */
describe('sandbox:check against the app (HTTP)', () => {
  const app = useDeliveringApp();
  let client: TestClient;
  let baseUrl: string;

  beforeAll(async () => {
    const { t } = app;
    // `sandbox: true`: the factory option that comes with the sandbox clients (a pci_test_ token).
    client = await createClient(t.app, { role: Role.Admin, sandbox: true });
    await t.app.get(DemoService).installCatalog(client.handle);
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });

  it('reports every event type in the order recorded, and the one the receiver answered 500', async () => {
    const receiver = await app.receiver((d) =>
      d.event.type === 'share.sent' ? { status: 500 } : {},
    );
    const api = webhooksApi(app.t, client.token);
    await api.add(receiver.url);
    expect(client.token.startsWith('pci_test_')).toBe(true);

    const lines: string[] = [];
    const result = await runSandboxCheck({
      baseUrl,
      token: client.token,
      out: (line) => lines.push(line),
      timeoutMs: 90_000,
      pollMs: 250,
    });
    const output = lines.join('\n');

    expect({ exitCode: result.exitCode, notAnswered: result.notAnswered }).toEqual({
      exitCode: 1,
      notAnswered: ['share.sent'],
    });
    expect(output).toMatch(/^FAILED: 1 of 10 event types not answered 2xx: share\.sent\.$/m);
    expect(output).not.toContain(client.token);
    expect(lines).toContainEqual(expect.stringMatching(/^share\.sent +evt_\S+ +500 +FAILED +/));
    // Every type was recorded and delivered: share.sent answered 500, everything else 200.
    expect(new Set(result.rows.map((r) => r.type))).toEqual(new Set(EVENT_TYPES));
    for (const row of result.rows) {
      const expected =
        row.type === 'share.sent'
          ? { httpStatus: 500, result: 'FAILED' }
          : { httpStatus: 200, result: 'OK' };
      expect(row).toMatchObject({ type: row.type, ...expected });
      expect(row.eventId).toMatch(/^evt_/);
    }
    // In the order of the event log; the first purchase order's events numbered from 1.
    const ids = result.rows.map((r) => r.eventId);
    const logged = (await api.allEvents()).map((e) => e.id).filter((id) => ids.includes(id));
    expect(ids).toEqual(logged);
    const orderRows = result.rows.filter((r) => r.sequence !== null);
    const second = orderRows.findIndex((r, i) => i > 0 && r.type === 'order.acknowledged');
    const firstOrder = orderRows.slice(0, second);
    expect(firstOrder.map((r) => r.sequence)).toEqual(firstOrder.map((_, i) => i + 1));
    expect(firstOrder[0].type).toBe('order.acknowledged');
    expect(firstOrder.map((r) => r.type)).toEqual(
      expect.arrayContaining(['order.line_item.status_changed', 'order.shipment.recorded']),
    );
    // The receiver got each of them, as the delivery log says.
    const received = new Set(receiver.received.map((d) => d.event.id));
    expect(ids.filter((id) => !received.has(id!))).toEqual([]);
    expect(receiver.ofType('share.sent')[0].status).toBe(500);
  }, 240_000);

  /** Runs `command` in the project's root with `env` (plus PATH) until it exits. */
  async function run(command: string, args: string[], env: Record<string, string>) {
    try {
      const { stdout, stderr } = await promisify(execFile)(command, args, {
        cwd: join(__dirname, '..', '..'),
        env: { PATH: process.env.PATH ?? '', ...env },
        timeout: 120_000,
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code?: unknown; stdout?: string; stderr?: string };
      return { code: Number(e.code), stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  it('takes the token from PCI_TOKEN and never shows it, from npm run or from the check itself', async () => {
    // A sandbox client without an endpoint: the check stops at its setup (exit 2) after using the token.
    const other = await createClient(app.t.app, { role: Role.Admin, sandbox: true });
    const viaNpm = await run('npm', ['run', 'sandbox:check', '--', '--base-url', baseUrl], {
      PCI_TOKEN: other.token,
    });
    expect(viaNpm.code).toBe(2);
    expect(viaNpm.stdout).toContain(`sandbox client ${other.handle}`);
    expect(viaNpm.stdout).toContain('Add your receiving endpoint first');
    expect(`${viaNpm.stdout}${viaNpm.stderr}`).not.toContain(other.token);

    // With --token the check warns (npm run and ps show a command line) and still never echoes it.
    const check = join(__dirname, '..', '..', 'dist', 'scripts', 'sandbox-check.js');
    const direct = await run(
      process.execPath,
      [check, '--base-url', baseUrl, '--token', other.token],
      {},
    );
    expect(direct.code).toBe(2);
    expect(direct.stderr).toContain('set PCI_TOKEN instead');
    expect(direct.stdout).toContain(`sandbox client ${other.handle}`);
    expect(`${direct.stdout}${direct.stderr}`).not.toContain(other.token);

    // Neither given: a usage error naming the variable.
    const none = await run(process.execPath, [check, '--base-url', baseUrl], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('a token is required: set PCI_TOKEN (or pass --token)');
  }, 240_000);
});
