import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:net';
import {
  pingRedis,
  reachAtStart,
  RefusedAtStart,
  UnreachableAtStart,
} from './common/process/reach-at-start';
import { startMissingDatabaseServer } from '../test/support/missing-database-server';
import { AppConfig } from './config/app-config';
import { startTargets } from './start-services';

/** The services a configuration with these URLs waits for. */
const targetsOf = (urls: { DATABASE_URL?: string; REDIS_URL?: string }) =>
  startTargets(
    AppConfig.fromEnv({
      DATA_DIR: '/tmp/pci-start-test',
      // Required with DATABASE_URL.
      DATA_ENCRYPTION_KEYS: `key1:${randomBytes(32).toString('base64')}`,
      ...urls,
    }),
  );

describe('reaching the database and Redis at start', () => {
  let closed: number;
  beforeAll(async () => {
    // A port nothing listens on: bound, then closed.
    const server: Server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closed = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
  });

  it('retries a bounded number of times, one line each, then names the URL and the cause', async () => {
    const lines: string[] = [];
    const waits: number[] = [];
    const reached = reachAtStart(
      targetsOf({ DATABASE_URL: `postgres://pci:s3cret@127.0.0.1:${closed}/pci` }),
      {
        attempts: 3,
        delayMs: 1000,
        connectTimeoutMs: 2000,
        log: (level, msg) => lines.push(`${level} ${msg}`),
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    );
    await expect(reached).rejects.toThrow(UnreachableAtStart);
    await expect(reached).rejects.toThrow(
      new RegExp(
        `^the database postgres://pci:\\*\\*\\*@127\\.0\\.0\\.1:${closed}/pci cannot be reached \\(.*ECONNREFUSED.*\\) after 3 attempts$`,
      ),
    );
    expect(waits).toEqual([1000, 2000]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^warn the database .* \(.*ECONNREFUSED.*\); attempt 1 of 3, next in 1 s$/,
      ),
      expect.stringMatching(/^warn the database .*; attempt 2 of 3, next in 2 s$/),
    ]);
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('stops at once for a database that does not exist, naming it and how to create it', async () => {
    const server = await startMissingDatabaseServer();
    try {
      const lines: string[] = [];
      const waits: number[] = [];
      const reached = reachAtStart(
        targetsOf({ DATABASE_URL: `postgres://pci:s3cret@127.0.0.1:${server.port}/shop_db` }),
        {
          attempts: 5,
          delayMs: 1000,
          connectTimeoutMs: 5000,
          log: (level, msg) => lines.push(`${level} ${msg}`),
          sleep: (ms) => {
            waits.push(ms);
            return Promise.resolve();
          },
        },
      );
      await expect(reached).rejects.toThrow(RefusedAtStart);
      await expect(reached).rejects.toThrow(
        `the database "shop_db" does not exist on PostgreSQL postgres://pci:***@127.0.0.1:${server.port}/ (DATABASE_URL): ` +
          `create it (createdb -h 127.0.0.1 -p ${server.port} -U pci shop_db, or CREATE DATABASE "shop_db"; in psql), ` +
          'or point DATABASE_URL at an existing database',
      );
      // Not retried: no "cannot be reached" lines, no waits.
      expect(lines).toEqual([]);
      expect(waits).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('waits for nothing in embedded mode without Redis', () => {
    expect(targetsOf({})).toEqual([]);
  });

  it('names Redis when it is the one that does not answer', async () => {
    await expect(
      reachAtStart(targetsOf({ REDIS_URL: `redis://:pw@127.0.0.1:${closed}` }), {
        attempts: 1,
        delayMs: 1,
        connectTimeoutMs: 2000,
        log: () => undefined,
      }),
    ).rejects.toThrow(
      `Redis redis://:***@127.0.0.1:${closed} cannot be reached (connect ECONNREFUSED 127.0.0.1:${closed}) after 1 attempt`,
    );
  });

  it('leaves no timer behind once Redis refused the connection (it would hold the process)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await expect(pingRedis(`redis://127.0.0.1:${closed}`, 2000)).rejects.toThrow('ECONNREFUSED');
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
