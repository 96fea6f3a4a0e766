import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { CommonSettings } from '../settings/common-settings';

/**
 * Runs `task` now and every `intervalMs` (timer unref'd, so it never keeps the process alive);
 * failures are logged and retried at the next tick. Returns a function that stops it.
 */
function runPeriodically(
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

/**
 * Where the modules start their periodic tasks (purges, sweeps, polls): in a process that runs
 * background tasks (CommonSettings.backgroundTasks) they run as {@link runPeriodically} runs them; in
 * one that does not (the operator CLI) none starts.
 */
@Injectable()
export class PeriodicTasks {
  constructor(private readonly config: CommonSettings) {}

  /** Starts `task` (see {@link runPeriodically}); returns a function that stops it. */
  start(
    name: string,
    intervalMs: number,
    task: () => Promise<unknown>,
    logger: PinoLogger,
  ): () => void {
    if (!this.config.backgroundTasks) return () => undefined;
    return runPeriodically(name, intervalMs, task, logger);
  }
}
