import { Redis } from '../redis/ioredis';

/** The exit code of a service that cannot start because what it needs is unreachable (sysexits). */
export const EX_UNAVAILABLE = 69;

/** The exit code of a configuration the service cannot start with (sysexits' EX_CONFIG). */
export const EX_CONFIG = 78;

/** A database or Redis that did not answer at start, after the retries. */
export class UnreachableAtStart extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreachableAtStart';
  }
}

/**
 * A service that answered with a failure no retry fixes (a database that does not exist): reported
 * at once, with how to fix it; the process exits with EX_CONFIG.
 */
export class RefusedAtStart extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAtStart';
  }
}

/** `url` with its password replaced by `***` (and unparseable text shown as `<invalid URL>`). */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid URL>';
  }
}

/** Connects to Redis at `url` once and PINGs; rejects with the connection's own error. */
export async function pingRedis(url: string, connectTimeoutMs: number): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The connection's own error says why (connect() itself only says it closed).
  let cause: unknown;
  redis.on('error', (err: unknown) => (cause ??= err));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw cause ?? err;
  } finally {
    // A refused or timed-out connection has ended already (no retries): disconnecting it again
    // would arm ioredis' disconnectTimeout (2 s, not unref'd) for a socket close that never
    // comes, holding the process (a CLI's exit, a test worker's) for that long.
    if (redis.status !== 'end') redis.disconnect();
  }
}

/** Why a connection failed, in a few words: the error code and its message's first line. */
export function causeOf(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message.split('\n')[0] : String(err);
  return typeof e?.code === 'string' && !message.includes(e.code)
    ? `${e.code}: ${message}`
    : message;
}

export interface ReachOptions {
  /** Attempts per service (the first and the retries), at least 1. */
  attempts: number;
  /** Wait before the first retry; doubled after each, at most 10 s. */
  delayMs: number;
  connectTimeoutMs: number;
  log: (level: 'info' | 'warn', msg: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Waits until `check` succeeds, `attempts` times at most, logging each failure with the next wait
 * as one line; then an UnreachableAtStart naming `what` (URL without its password) and the cause.
 */
async function reach(
  what: string,
  check: () => Promise<void>,
  options: ReachOptions,
  permanent: (err: unknown) => string | undefined = () => undefined,
): Promise<void> {
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  let delay = options.delayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await check();
      return;
    } catch (err) {
      const refusal = permanent(err);
      if (refusal !== undefined) throw new RefusedAtStart(refusal);
      if (attempt >= options.attempts)
        throw new UnreachableAtStart(
          `${what} cannot be reached (${causeOf(err)}) after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
        );
      options.log(
        'warn',
        `${what} cannot be reached (${causeOf(err)}); attempt ${attempt} of ${options.attempts}, next in ${Math.round(delay / 100) / 10} s`,
      );
      await sleep(delay);
      delay = Math.min(delay * 2, 10_000);
    }
  }
}

/** A service the process needs: its name in messages, its URL and how to check it once. */
export interface StartTarget {
  /** E.g. `the database`, `Redis`. */
  name: string;
  url: string;
  /** Connects once and rejects with the connection's own error. */
  ping: (url: string, connectTimeoutMs: number) => Promise<void>;
  /**
   * For a failure no retry fixes (a missing database), the message to stop with at once, naming
   * the problem and how to fix it; undefined for a failure worth retrying.
   */
  permanent?: (err: unknown, url: string) => string | undefined;
}

/**
 * Before the service starts: each of `targets` (its PostgreSQL when external, its Redis when
 * configured) answers, within a bounded, logged number of attempts. A failure is one
 * RefusedAtStart at once when the target calls it permanent, else UnreachableAtStart (main.ts, worker.ts and the CLI print it as one line and exit with
 * EX_UNAVAILABLE) instead of the framework's retries with their stacks.
 */
export async function reachAtStart(
  targets: readonly StartTarget[],
  options: ReachOptions,
): Promise<void> {
  for (const { name, url, ping, permanent } of targets)
    await reach(
      `${name} ${redactedUrl(url)}`,
      () => ping(url, options.connectTimeoutMs),
      options,
      permanent && ((err) => permanent(err, url)),
    );
}
