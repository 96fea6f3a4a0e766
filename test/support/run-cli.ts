import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/program';
import { CHILD_PROCESS_TIMEOUT_MS } from './budgets';

const ROOT = join(__dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'src', 'cli.js');

/** Fails a test file's setup when the built CLI is missing, saying how to build it. */
export function assertCliBuilt(): void {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does it first)`);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The last line of stdout (where `token create` prints the token). */
  lastLine: string;
}

/** The environment a command gets: `env`, PATH and HOME, and warnings only in the logs. */
function commandEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env };
}

function result(code: number, stdout: string, stderr: string): CliResult {
  const lines = stdout.trimEnd().split('\n');
  return { code, stdout, stderr, lastLine: lines[lines.length - 1] };
}

/**
 * Runs a command with only `env` (and PATH, HOME) as its environment, through the CLI's `main` in
 * this process: the same program, configuration, modules and exit codes as `pci`, without a
 * process start per command (which loads the whole service again). What is the process's own (the
 * built file, its exit status) is tested through {@link spawnCli}.
 */
export async function runCli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env: commandEnv(env),
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return result(code, stdout, stderr);
}

/** Runs the built CLI (dist/src/cli.js) as a child process, as operators run `pci`. */
export function spawnCli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd: ROOT,
        env: commandEnv(env),
        timeout: CHILD_PROCESS_TIMEOUT_MS,
      },
      (err, stdout, stderr) =>
        resolve(result(err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr)),
    );
  });
}
