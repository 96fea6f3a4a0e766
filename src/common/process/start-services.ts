import { AppConfig } from '../../config/app-config';
import { EX_UNAVAILABLE, reachAtStart, UnreachableAtStart } from './reach-at-start';
import { startLine } from './start-line';

/**
 * Waits for the external database and Redis of `config` (see reachAtStart), logging each failed
 * attempt as a start-up line.
 */
export function reachServices(config: AppConfig): Promise<void> {
  return reachAtStart(
    {
      databaseUrl: config.database.kind === 'external' ? config.database.url : undefined,
      redisUrl: config.redisUrl,
    },
    {
      attempts: config.startAttempts,
      delayMs: 1000,
      connectTimeoutMs: config.connectTimeoutMs,
      log: (level, msg) => startLine(config.nodeEnv, level, msg),
    },
  );
}

/**
 * Exits for a start that failed: an unreachable service as one line and EX_UNAVAILABLE (69),
 * anything else as `Failed to start: …` and 1 (its stack with LOG_LEVEL=debug).
 */
export function exitAfterFailedStart(
  err: unknown,
  nodeEnv = process.env.NODE_ENV ?? 'development',
): never {
  if (err instanceof UnreachableAtStart) {
    startLine(nodeEnv, 'error', err.message, process.stderr);
    process.exit(EX_UNAVAILABLE);
  }
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof Error && err.stack && process.env.LOG_LEVEL === 'debug')
    process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}
