import { PinoLogger } from 'nestjs-pino';

/**
 * Runs `task` now and every `intervalMs` (timer unref'd, so it never keeps the process alive);
 * failures are logged and retried at the next tick. Returns a function that stops it.
 */
export function runPeriodically(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  logger: PinoLogger,
): () => void {
  const run = (): void => {
    task().catch((err: unknown) =>
      logger.warn({ err, task: name }, 'periodic task failed; will retry'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
