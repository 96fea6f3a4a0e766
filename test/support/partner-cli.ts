import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from './webhooks';

const ROOT = join(__dirname, '..', '..');
/** The single file `npm run build` writes and the API serves at /downloads/pci.cjs. */
export const PARTNER_CLI = join(ROOT, 'dist', 'pci.cjs');

/** Fails a test file's setup when the partner CLI's file is missing, saying how to build it. */
export function assertPartnerCliBuilt(): void {
  if (!existsSync(PARTNER_CLI))
    throw new Error(`${PARTNER_CLI} is missing: run \`npm run build\` (npm test does it first)`);
}

/** A running `pci listen` (or any long-lived command): its output so far and its end. */
export interface Running {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once `text` is in its output (stdout or stderr, as `stream` says). */
  printed(text: string | RegExp, stream?: 'stdout' | 'stderr'): Promise<void>;
  /** Its exit code (a signal's name when a signal ended it). */
  exited: Promise<number | string>;
}

/**
 * Starts `node <file> <args>` in `cwd` with exactly `env` (plus PATH): a partner's machine, where
 * nothing of the server's configuration is set.
 */
export function startNode(
  file: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Running {
  const child = spawn(process.execPath, [file, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    printed: (text, stream) =>
      eventually(
        `${String(text)} in the output of ${args.join(' ')}`,
        () => {
          const seen = stream === 'stdout' ? out : stream === 'stderr' ? err : out + err;
          if (child.exitCode !== null && !matches(seen, text))
            throw new Error(`exited ${child.exitCode}; stdout: ${out}; stderr: ${err}`);
          return Promise.resolve(matches(seen, text));
        },
        120_000,
        () => `; stdout: ${out}; stderr: ${err}`,
      ).then(() => undefined),
  };
}

const matches = (seen: string, text: string | RegExp) =>
  typeof text === 'string' ? seen.includes(text) : text.test(seen);

/** Runs `node <file> <args>` to its end: its exit code and output. */
export async function runNode(
  file: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const running = startNode(file, args, env, cwd);
  const code = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}
