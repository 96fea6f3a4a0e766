import { AppConfig } from './config/app-config';
import {
  EX_CONFIG,
  EX_UNAVAILABLE,
  RefusedAtStart,
  pingRedis,
  reachAtStart,
  StartTarget,
  UnreachableAtStart,
} from './common/process/reach-at-start';
import { startLine } from './common/process/start-line';
import { missingDatabase, pingDatabase } from './database/ping-database';

/** The services `config` names that must answer before the process starts. */
export function startTargets(config: AppConfig): StartTarget[] {
  const targets: StartTarget[] = [];
  if (config.database.kind === 'external')
    targets.push({
      name: 'the database',
      url: config.database.url,
      ping: (url, connectTimeoutMs) => pingDatabase({ url }, connectTimeoutMs),
      permanent: missingDatabase,
    });
  if (config.redisUrl) targets.push({ name: 'Redis', url: config.redisUrl, ping: pingRedis });
  return targets;
}

/**
 * Waits for the external database and Redis of `config` (see reachAtStart), logging each failed
 * attempt as a start-up line.
 */
export function reachServices(config: AppConfig): Promise<void> {
  return reachAtStart(startTargets(config), {
    attempts: config.startAttempts,
    delayMs: 1000,
    connectTimeoutMs: config.connectTimeoutMs,
    log: (level, msg) => startLine(config.nodeEnv, level, msg),
  });
}

/**
 * Exits for a start that failed: an unreachable service as one line and EX_UNAVAILABLE (69); a
 * refusal no retry fixes (a missing database, a port in use) as one line and EX_CONFIG (78);
 * anything else as `Failed to start: …` and 1 (its stack with LOG_LEVEL=debug).
 */
export function exitAfterFailedStart(
  err: unknown,
  nodeEnv = process.env.NODE_ENV ?? 'development',
): never {
  if (err instanceof UnreachableAtStart || err instanceof RefusedAtStart) {
    startLine(nodeEnv, 'error', err.message, process.stderr);
    process.exit(err instanceof RefusedAtStart ? EX_CONFIG : EX_UNAVAILABLE);
  }
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof Error && err.stack && process.env.LOG_LEVEL === 'debug')
    process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}
