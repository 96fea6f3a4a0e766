import { randomUUID } from 'node:crypto';
import { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/composition';
import { configureApp } from '../../src/app.factory';
import { Clock } from '../../src/common/clock/clock';
import { AppConfig } from '../../src/config/app-config';
import { parseEnvironment } from '../../src/config/environment';
import { ContractChecker, RecordedResponse } from '../support/contract';
import { recordResponses } from '../support/record-responses';
import { cloneDatabase, TestDatabase } from './test-database';

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Test-only controllers (e.g. one that throws), mounted beside the real ones. */
  controllers?: Type[];
  /** The services' "now" (default: the system clock). */
  clock?: Clock;
  /** Replaces providers before the app is compiled (e.g. a blob store that stalls on purpose). */
  override?: (builder: TestingModuleBuilder) => void;
}

const contract = new ContractChecker();

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  config: AppConfig;
  db: TestDatabase;
  dataSource: DataSource;
  /** Every log line the app wrote, as text. */
  logs: () => string;
  close(): Promise<void>;
}

/**
 * Starts a second application on `t`'s database, to see its start-up (no HTTP server), then closes
 * it: what `inspect` answers of it once started. Rejects as the start does. `env` goes on top of
 * the defaults of a start-up check: silent, two connections, no workers.
 */
export async function startBeside<T>(
  t: TestApp,
  env: NodeJS.ProcessEnv,
  options: {
    override?: (builder: TestingModuleBuilder) => void;
    inspect?: (app: INestApplication) => T;
  } = {},
): Promise<T | undefined> {
  const config = new AppConfig(
    parseEnvironment({
      ...t.db.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_POOL_SIZE: '2',
      WORKERS: 'false',
      ...env,
    }),
  );
  const builder = Test.createTestingModule({
    imports: [AppModule.forRoot({ config, connection: t.db.connection })],
  });
  options.override?.(builder);
  const app = (await builder.compile()).createNestApplication({ bodyParser: false, logger: false });
  try {
    await app.init();
    return options.inspect?.(app);
  } finally {
    await app.close().catch(() => undefined);
  }
}

/** The real application, configured as in production, on its own database cloned from the template. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await cloneDatabase();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    BASE_URL: 'http://api.test',
    SEED_DEMO: 'false',
    // Job workers poll the database: only the tests of work done by jobs turn them on.
    WORKERS: 'false',
    // How long a request waits for a database connection. The embedded database serves one at a
    // time, so a test's burst of 51 concurrent requests queued past the service's 5 s on a busy
    // machine (503); the outage test sets the service's own.
    DATABASE_CONNECT_TIMEOUT_MS: '60000',
    // The same for heavy work: how long a render or an upload may wait for its pool, and how long
    // a render or a worker task may take, before a 503. Renders took past the service's 30 s on a
    // machine running two other test runs; the tests of these limits set their own.
    RENDER_TIMEOUT_MS: '120000',
    RENDER_QUEUE_WAIT_MS: '120000',
    UPLOAD_QUEUE_WAIT_MS: '120000',
    WORKER_TASK_TIMEOUT_MS: '120000',
    ...db.env,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // Counters of one test app are its own (Redis outlives test runs).
    REDIS_KEY_PREFIX: `pci-test:${randomUUID()}:`,
    ...options.env,
  };
  const config = new AppConfig(parseEnvironment(env));
  const captured: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      captured.push(chunk.toString('utf8'));
      done();
    },
  });
  const root: DynamicModule = AppModule.forRoot({ config, connection: db.connection, logStream });
  const builder = Test.createTestingModule({
    imports: [root],
    controllers: options.controllers ?? [],
  });
  if (options.clock) builder.overrideProvider(Clock).useValue(options.clock);
  options.override?.(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    bufferLogs: true,
  });
  const responses: RecordedResponse[] = [];
  app.use(recordResponses(responses));
  configureApp(app);
  await app.init();
  return {
    app,
    http: app.getHttpServer(),
    config,
    db,
    dataSource: app.get(DataSource),
    logs: () => captured.join(''),
    close: async () => {
      await app.close();
      await db.close();
      // Every response of the file must conform to the committed OpenAPI document.
      const problems = [...new Set(responses.flatMap((r) => contract.check(r)))];
      if (problems.length > 0) {
        throw new Error(
          `Responses that do not conform to openapi.json:\n  ${problems.join('\n  ')}`,
        );
      }
    },
  };
}
