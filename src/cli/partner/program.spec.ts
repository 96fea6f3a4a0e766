import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { partnerMain } from './program';

/** Runs a partner command with `env` (nothing reaches the network: each fails before it). */
async function run(env: Record<string, string>, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await partnerMain(argv, {
    env,
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

describe('pci listen / pci trigger: usage errors exit 2 naming the value', () => {
  const token = { PCI_TOKEN: 'pci_x' };

  it.each([
    [[], 'pci listen needs --forward-to <url>: where your webhook receiver listens.'],
    [['--forward-to', 'ftp://x/'], '--forward-to must be an http or https URL, not "ftp://x/".'],
    [
      ['--forward-to', 'http://l/', '--api-url', 'nope'],
      '--api-url must be an http or https URL, not "nope".',
    ],
    [
      ['--forward-to', 'http://l/', '--from', 'yesterday!'],
      '--from must be now, start or a cursor of the event log (ec_…), not "yesterday!".',
    ],
    [['--forward-to', 'http://l/', '--token', 'pci_x'], "Unknown option '--token'"],
    [['--forward-to', 'http://l/', 'extra'], 'pci listen takes no arguments, not "extra".'],
  ])('listen %j', async (args, message) => {
    const r = await run(token, 'listen', ...args);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toContain(message);
  });

  it('needs a token: PCI_TOKEN or a readable, non-empty --token-file', async () => {
    const none = await run({}, 'listen', '--forward-to', 'http://l/');
    expect(none).toMatchObject({ code: 2 });
    expect(none.stderr).toMatch(/^No token: set PCI_TOKEN/);
    const dir = mkdtempSync(join(tmpdir(), 'pci-token-'));
    try {
      const missing = join(dir, 'missing');
      const r = await run({}, 'listen', '--forward-to', 'http://l/', '--token-file', missing);
      expect(r).toMatchObject({
        code: 2,
        stderr: `--token-file "${missing}" cannot be read: ENOENT.\n`,
      });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('trigger names the valid event types', async () => {
    const r = await run(token, 'trigger', 'order.cancelled');
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        '"order.cancelled" cannot be triggered: pci trigger causes order.acknowledged, recipe_set.status_changed, order.line_item.status_changed, order.shipment.recorded, print_files.failed.\n',
    });
    expect((await run(token, 'trigger')).stderr).toMatch(
      /^pci trigger needs an event type: one of/,
    );
    const help = await run({}, 'trigger', '--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('Event types: order.acknowledged,');
  });
});
