/**
 * Clean-up: registered as resources are created, run in reverse order once, whether the
 * benchmark ends normally, fails, or is interrupted (Ctrl-C, SIGTERM).
 */
import { errorMessage, UsageError } from './errors';
import { log } from './log';

const cleanups: { name: string; fn: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(name: string, fn: () => Promise<void> | void): void {
  cleanups.push({ name, fn });
}

export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const { name, fn } of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`clean-up of ${name} failed: ${errorMessage(err)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs `main`, then always the clean-ups, and exits: 0 on success, 1 on a failure, 2 on a
 * `UsageError`, 130 after SIGINT or SIGTERM (which start the clean-ups at once).
 */
export function runWithCleanup(main: () => Promise<void>): void {
  let exitCode = 0;
  let interruptedBy: NodeJS.Signals | undefined;
  const interrupted = (signal: NodeJS.Signals): void => {
    interruptedBy = signal;
    log(`${signal}: cleaning up…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  main()
    .catch((err: unknown) => {
      exitCode = err instanceof UsageError ? 2 : 1;
      // After Ctrl-C, the errors of the work being torn down are expected.
      if (err instanceof UsageError) log(`${err.message} (see --help)`);
      else if (interruptedBy === undefined)
        log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    })
    .finally(() => {
      void cleanup().finally(() => process.exit(interruptedBy ? 130 : exitCode));
    });
}
