import { EVENT_TYPES } from '../src/common/events/event-recorder';
import { FakeOptions, FakeSandboxApi } from '../test/support/sandbox-api-fake';
import { parseArgs, runSandboxCheck, SandboxCheckOptions, tokenHint } from './sandbox-check';

const TOKEN = 'pci_test_Secret1234567890abcdefghijklmnop';

/** Runs the check against a fake with `options`: the result, its lines and the fake. */
async function check(options: FakeOptions = {}, extra: Partial<SandboxCheckOptions> = {}) {
  const fake = new FakeSandboxApi(options);
  const lines: string[] = [];
  const result = await runSandboxCheck({
    baseUrl: 'https://sandbox.example.com/',
    token: TOKEN,
    fetch: fake.fetch,
    out: (line) => lines.push(line),
    timeoutMs: 2000,
    pollMs: 5,
    ...extra,
  });
  return { result, lines, output: lines.join('\n'), fake };
}

/** The table's row of `type` (its first), split into its cells. */
const rowOf = (lines: string[], type: string) =>
  lines.find((l) => l.startsWith(`${type} `))?.split(/\s{2,}/);

describe('sandbox:check', () => {
  it('walks every event type and exits 0 when the endpoint answered each 2xx', async () => {
    const { result, lines, output, fake } = await check();
    expect(result.exitCode).toBe(0);
    expect(result.notAnswered).toEqual([]);
    expect(new Set(result.rows.map((r) => r.type))).toEqual(new Set(EVENT_TYPES));
    expect(result.rows.every((r) => r.result === 'OK' && r.httpStatus === 200)).toBe(true);
    // In the order the events were recorded, with the order events' sequence.
    expect(result.rows.map((r) => r.eventId)).toEqual(fake.events.map((e) => e.id));
    const acked = result.rows.find((r) => r.type === 'order.acknowledged');
    expect(acked?.sequence).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^EVENT TYPE +EVENT ID +SEQ +HTTP +RESULT/));
    expect(rowOf(lines, 'order.shipment.recorded')).toEqual([
      'order.shipment.recorded',
      expect.stringMatching(/^evt_/),
      '3',
      '200',
      'OK',
    ]);
    expect(output).toMatch(/^PASSED: every event type \(10\) was answered 2xx/m);
    // Each step said what it did, through the public routes and the sandbox helpers.
    expect(output).toMatch(/^- purchase order SANDBOX-CHECK-\d+ acknowledged with /m);
    expect(output).toMatch(/^- recipe set FAIL[A-Z2-9]{4} created/m);
    // order.warning: an unlisted SKU under the warn policy, and the policy set back after.
    expect(output).toMatch(
      /^- purchase order SANDBOX-CHECK-\d+-FAIL acknowledged with FAIL[A-Z2-9]{4} \(SKU SANDBOX-CHECK-UNLISTED\)$/m,
    );
    expect(output).toMatch(/^- SKU policy of sbx set back to strict$/m);
    expect(output).toContain('invitation of sandbox-check+');
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/api\/sandbox\/orders\/SANDBOX-CHECK-\d+\/advance$/),
        expect.stringMatching(/^POST \/api\/sandbox\/orders\/SANDBOX-CHECK-\d+\/ship$/),
        'POST /api/share/send',
        'GET /api/sandbox/messages',
      ]),
    );
    expect(output).not.toContain(TOKEN.slice(0, 13));
    expect(output).toContain(tokenHint(TOKEN));
  });

  it('exits 1 naming the event type one endpoint answered 500, with an endpoint column', async () => {
    const { result, lines, output } = await check({
      endpoints: [{ url: 'https://a.example/hooks' }, { url: 'https://b.example/hooks' }],
      answer: (index, type) => (index === 1 && type === 'share.sent' ? 500 : 200),
    });
    expect(result.exitCode).toBe(1);
    expect(result.notAnswered).toEqual(['share.sent']);
    expect(result.rows.filter((r) => r.type === 'share.sent')).toEqual([
      expect.objectContaining({ endpoint: 1, httpStatus: 200, result: 'OK' }),
      expect.objectContaining({ endpoint: 2, httpStatus: 500, result: 'FAILED', note: 'HTTP 500' }),
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^EVENT TYPE +EVENT ID +SEQ +ENDPOINT +HTTP/),
    );
    // A ping goes to its own endpoint only: one row each.
    expect(result.rows.filter((r) => r.type === 'webhook.ping').map((r) => r.endpoint)).toEqual([
      1, 2,
    ]);
    expect(output).toMatch(/^FAILED: 1 of 10 event types not answered 2xx: share\.sent\.$/m);
  });

  it('exits 2 for a live token without calling the API', async () => {
    const { result, output, fake } = await check({}, { token: 'pci_Live1234567890abcdefgh' });
    expect(result.exitCode).toBe(2);
    expect(output).toContain('is not a sandbox token');
    expect(output).not.toContain('pci_Live1234567890');
    expect(fake.calls).toEqual([]);
  });

  it('exits 2 for a client that is not a sandbox, or a token below Admin', async () => {
    const live = await check({ sandbox: false });
    expect(live.result.exitCode).toBe(2);
    expect(live.output).toContain('is not a sandbox client');
    expect(live.fake.calls).toEqual(['GET /api/clients/current']);
    const user = await check({ role: 'User' });
    expect(user.result.exitCode).toBe(2);
    expect(user.output).toContain('needs an Admin token');
  });

  it('exits 2 without an enabled endpoint, saying how to add one with curl', async () => {
    for (const endpoints of [
      [],
      [{ url: 'https://a.example/hooks', status: 'disabled' as const }],
    ]) {
      const { result, output, fake } = await check({ endpoints });
      expect(result.exitCode).toBe(2);
      expect(output).toContain('has no enabled webhook endpoint');
      expect(output).toContain('curl -X POST https://sandbox.example.com/api/webhooks/endpoints');
      expect(output).toContain('SERVICE_API_TOKEN: $PCI_TOKEN');
      expect(output).not.toContain(TOKEN);
      expect(fake.events).toEqual([]);
    }
  });

  it('exits 2 when the catalog has no product to design on, saying how to add one', async () => {
    const { result, output } = await check({ products: [] });
    expect(result.exitCode).toBe(2);
    expect(output).toContain('The catalog of sbx has no product to design on.');
    expect(output).toContain('pci catalog install-demo sbx');
  });

  it('reports NOT DELIVERED what never arrived within the timeout, and a type no endpoint takes', async () => {
    const started = Date.now();
    const { result, output } = await check(
      {
        endpoints: [{ url: 'https://a.example/hooks', eventTypes: EVENT_TYPES.slice(0, 8) }],
        answer: (_, type) => (type === 'print_files.ready' ? 'never' : 200),
      },
      { timeoutMs: 300 },
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.exitCode).toBe(1);
    expect(result.notAnswered).toEqual(['print_files.ready', 'user.invitation.accepted']);
    expect(result.rows.find((r) => r.type === 'print_files.ready')).toMatchObject({
      httpStatus: null,
      result: 'NOT DELIVERED',
      note: 'no attempt yet',
    });
    expect(result.rows.find((r) => r.type === 'user.invitation.accepted')).toMatchObject({
      endpoint: null,
      result: 'NOT DELIVERED',
      note: 'no enabled endpoint takes this event type',
    });
    expect(output).toContain('timed out');
  });

  it("exits 2 printing an API error's status and text", async () => {
    const { result, lines } = await check({
      fail: {
        'POST /api/share/send': {
          status: 401,
          text: 'Recipe set RS02ABCD is OnHold: it is not available for sharing.',
        },
      },
    });
    expect(result.exitCode).toBe(2);
    expect(lines.slice(-2)).toEqual([
      'POST /api/share/send answered 401:',
      'Recipe set RS02ABCD is OnHold: it is not available for sharing.',
    ]);
  });
});

describe('sandbox:check command line', () => {
  it('reads --base-url, --token and --timeout in seconds (either form)', () => {
    expect(parseArgs(['--base-url', 'https://api.example.com', `--token=${TOKEN}`])).toEqual({
      baseUrl: 'https://api.example.com',
      token: TOKEN,
      timeoutMs: 120_000,
      tokenOnCommandLine: true,
    });
    expect(
      parseArgs(['--token', TOKEN, '--base-url=http://localhost:3000', '--timeout', '30']),
    ).toMatchObject({ timeoutMs: 30_000 });
    expect(parseArgs(['--help'])).toEqual({ help: true });
  });

  it('reads the token from PCI_TOKEN when --token is not given (--token wins)', () => {
    const url = ['--base-url', 'https://api.example.com'];
    expect(parseArgs(url, { PCI_TOKEN: TOKEN })).toEqual({
      baseUrl: 'https://api.example.com',
      token: TOKEN,
      timeoutMs: 120_000,
      tokenOnCommandLine: false,
    });
    expect(parseArgs([...url, '--token', 'pci_test_other'], { PCI_TOKEN: TOKEN })).toMatchObject({
      token: 'pci_test_other',
      tokenOnCommandLine: true,
    });
    expect(parseArgs(url, { PCI_TOKEN: '' })).toEqual({
      error: 'a token is required: set PCI_TOKEN (or pass --token)',
    });
  });

  it('refuses what it cannot run with, never echoing a stray token', () => {
    expect(parseArgs([])).toEqual({ error: '--base-url is required' });
    expect(parseArgs(['--base-url', 'https://a.example'])).toEqual({
      error: 'a token is required: set PCI_TOKEN (or pass --token)',
    });
    expect(parseArgs(['--base-url', TOKEN, '--token', TOKEN])).toEqual({
      error: '--base-url must be an http(s) URL (the value given looks like a token: not shown)',
    });
    expect(parseArgs(['--base-url', 'api.example.com', '--token', TOKEN])).toEqual({
      error: '--base-url must be an http(s) URL: api.example.com',
    });
    expect(
      parseArgs(['--base-url', 'https://a.example', '--token', TOKEN, '--timeout', '0']),
    ).toEqual({ error: '--timeout must be a positive number of seconds' });
    expect(parseArgs(['--base-url', 'https://a.example', '--token'])).toEqual({
      error: '--token needs a value',
    });
    expect(parseArgs([TOKEN])).toEqual({ error: 'unknown argument: (a value)' });
  });
});
