/** Redis for the app, when one answers on the local machine: the app's readiness then checks it. */
import Redis from 'ioredis';
import { assertLoopback } from './database';
import { errorMessage, UsageError } from './errors';
import { log } from './log';

const DEFAULT_URL = 'redis://127.0.0.1:6379';

export interface BenchRedis {
  url: string;
  /** Address and server version, for the report (no credentials). */
  description: string;
}

/** PING, then the server's version; a message when it does not answer. */
async function probe(url: string): Promise<{ version: string } | { failure: string }> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined); // reported by the failed commands below
  try {
    await client.connect();
    await client.ping();
    const info = await client.info('server');
    return { version: /^redis_version:(\S+)/m.exec(info)?.[1] ?? 'unknown' };
  } catch (err) {
    return { failure: errorMessage(err) };
  } finally {
    client.disconnect();
  }
}

/**
 * The Redis the app is started with: BENCH_REDIS_URL (which must answer; `none` for no Redis),
 * else redis://127.0.0.1:6379 if it answers, else none.
 */
export async function benchRedis(): Promise<BenchRedis | undefined> {
  const configured = process.env.BENCH_REDIS_URL;
  if (configured === 'none') return undefined;
  const url = configured || DEFAULT_URL;
  assertLoopback(url, 'BENCH_REDIS_URL');
  const { host } = new URL(url);
  const answer = await probe(url);
  if ('version' in answer) {
    return { url, description: `Redis ${answer.version} at ${host}` };
  }
  if (configured) {
    throw new UsageError(`BENCH_REDIS_URL (${host}) does not answer: ${answer.failure}`);
  }
  log(`no Redis answers at ${host} (${answer.failure}): the app runs without REDIS_URL`);
  return undefined;
}
