import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a command reads and writes outside the database: its environment, and its two output
 * streams. `pci` runs with the process's own ({@link processIo}); a test runs `main` with its own
 * (captured text, an environment of its choosing) and reads what the command printed.
 */
export interface CliIo {
  /** The variables the configuration is read from (as `process.env`). */
  env: NodeJS.ProcessEnv;
  /** The command's result: JSON or a table. */
  out(text: string): void;
  /** Messages, progress lines and log lines. */
  err(text: string): void;
}

/** The process's environment, stdout and stderr. */
export const processIo: CliIo = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

const current = new AsyncLocalStorage<CliIo>();

/** Runs `fn` with `io` as the commands' environment and output (see {@link cliIo}). */
export function withIo<T>(io: CliIo, fn: () => Promise<T>): Promise<T> {
  return current.run(io, fn);
}

/** The environment and output of the command running now ({@link processIo} outside `main`). */
export function cliIo(): CliIo {
  return current.getStore() ?? processIo;
}
