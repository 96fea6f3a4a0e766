import { CliIo } from './io';
import { main, versionText } from './program';

/** `main` with an environment of the test's choosing, and what it printed. */
async function run(env: NodeJS.ProcessEnv, ...argv: string[]) {
  const printed = { out: '', err: '' };
  const io: CliIo = {
    env,
    out: (text) => (printed.out += text),
    err: (text) => (printed.err += text),
  };
  const code = await main(argv, io);
  return { code, ...printed };
}

describe('main (the CLI program, with its own environment and output)', () => {
  it('prints the version and help to the output it was given, exit code 0', async () => {
    expect(await run({}, '--version')).toEqual({ code: 0, out: `${versionText()}\n`, err: '' });
    const help = await run({}, 'client', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: pci client/);
  });

  it('answers an unknown command with exit code 2 and a message on its error output', async () => {
    const res = await run({}, 'frobnicate');
    expect(res.code).toBe(2);
    expect(res.out).toBe('');
    expect(res.err).toContain("unknown command 'frobnicate'");
  });

  it('reads the configuration from its environment: a bad one is exit code 78 naming the variable', async () => {
    const res = await run({ PORT: 'eighty' }, 'client', 'list');
    expect(res.code).toBe(78);
    expect(res.out).toBe('');
    expect(res.err).toMatch(/^Invalid configuration:\n.*PORT/);
  });
});
