import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisConnection } from './redis-connection';

/** Deletes the lock only if it is still ours (it may have expired and been taken since). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 250;

export interface SharedFlightOptions<T> {
  /**
   * How long the work may take at most: the lock expires after it (an instance that died holding
   * it blocks no one for longer), and a waiter gives up waiting and does the work itself.
   */
  lockMs: number;
  /** What finished work left behind (e.g. the stored object); undefined while there is none. */
  settled: () => Promise<T | undefined>;
}

/**
 * Single flight across instances (SingleFlight does it within one): the first instance to take
 * a Redis lock for `key` does the work; the others wait, polling `settled()`, and use what it left.
 * If the holder fails (the lock is released with nothing settled), the next waiter takes over.
 * Without Redis, or when Redis does not answer, the work simply runs: the lock saves work, it is
 * never needed for correctness.
 */
@Injectable()
export class SharedFlight {
  constructor(private readonly redis: RedisConnection) {}

  async run<T>(key: string, work: () => Promise<T>, options: SharedFlightOptions<T>): Promise<T> {
    const client = this.redis.client;
    if (!client || client.status !== 'ready') return work();
    const lock = `flight:${key}`;
    const token = randomBytes(16).toString('base64url');
    const giveUpAt = Date.now() + options.lockMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      const taken = await client
        .set(lock, token, 'PX', options.lockMs, 'NX')
        .then((reply) => reply === 'OK')
        .catch(() => undefined); // Redis is failing: work without the lock
      if (taken !== false) {
        try {
          return await work();
        } finally {
          if (taken) await client.eval(RELEASE, 1, lock, token).catch(() => undefined);
        }
      }
      await sleep(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      const done = await options.settled();
      if (done !== undefined) return done;
      if (Date.now() >= giveUpAt) return work(); // the holder is stuck: no point waiting longer
    }
  }
}
