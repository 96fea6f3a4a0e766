// First: sizes libuv's thread pool before anything starts it (see the module).
import './common/process/libuv-threadpool';
// Bounds the heap's growth between full collections (see the module).
import './common/process/heap-growth';
import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './composition';
import { EX_CONFIG, loadConfigOrExit } from './bootstrap-config';
import { printBanner, startLine } from './common/process/start-line';
import { exitAfterFailedStart, reachServices } from './start-services';
import { openDatabase } from './database/open-database';
import { logOutput } from './common/logging/logging.module';
import { serveWorkerProbes } from './health';
import { ensureAddressFree } from './common/process/port-check';

/**
 * A workers-only process (`npm run worker`): the service without its HTTP layer (WorkerModule: no
 * controllers, no HTTP server), running the job workers. Start as many as the work needs, on the database the API instances use (with
 * `WORKERS=false` on those if they should not make files themselves); they share the jobs.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.jobs.workers) {
    process.stderr.write('WORKERS=false: a worker process runs workers; unset it here.\n');
    process.exit(EX_CONFIG);
  }
  // Its probes' port in use is said at once, before the database is opened and migrated.
  await ensureAddressFree(config.workerHost, config.workerPort, {
    port: 'WORKER_PORT',
    host: 'WORKER_HOST',
  });
  await reachServices(config);
  // Attaches to a running embedded server too (the API started with `npm start`).
  const database = await openDatabase(config, { attachIfRunning: true });
  startLine(config.nodeEnv, 'info', `database: ${database.description}`);
  const app = await NestFactory.createApplicationContext(
    WorkerModule.forRoot({ config, connection: database.connection }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  let stopping: Promise<void> | undefined;
  let probes: Server | null = null;
  const stop = (): void => {
    // Running jobs finish (or are failed for a retry after the grace), then the database closes;
    // the probes answer until then (readiness says what is down).
    stopping ??= (async () => {
      startLine(
        config.nodeEnv,
        'info',
        'draining: no new jobs; the running ones finish',
        logOutput(),
      );
      await app.close();
      await database.close();
      probes?.closeAllConnections();
      await new Promise((resolve) => (probes ? probes.close(resolve) : resolve(undefined)));
      startLine(config.nodeEnv, 'info', 'stopped', logOutput());
    })().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.init();
  probes = await serveWorkerProbes(app, config.workerPort, config.workerHost);
  const probesUrl = probes ? `http://${config.workerHost}:${config.workerPort}` : undefined;
  printBanner(
    {
      msg: 'workers running',
      text: [
        `Product Customizer Integration API workers are running (${database.description})`,
        ...(probesUrl ? [`  Probes and metrics: ${probesUrl}`] : []),
      ],
      fields: { database: database.description, probes: probesUrl ?? null },
    },
    logOutput(),
  );
}

bootstrap().catch((err: unknown) => exitAfterFailedStart(err));
