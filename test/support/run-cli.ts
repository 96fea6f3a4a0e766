import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

/** Runs the built CLI with only `env` (and PATH, HOME) as its environment. */
export function runCli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOG_LEVEL: 'warn',
          ...env,
        },
        timeout: CHILD_PROCESS_TIMEOUT_MS,
      },
      (err, stdout, stderr) => {
        const lines = stdout.trimEnd().split('\n');
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : 1) : 0,
          stdout,
          stderr,
          lastLine: lines[lines.length - 1],
        });
      },
    );
  });
}
