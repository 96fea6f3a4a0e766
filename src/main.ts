// First: sizes libuv's thread pool before anything starts it (see the module).
import './common/process/libuv-threadpool';
// Bounds the heap's growth between full collections (see the module).
import './common/process/heap-growth';
import 'reflect-metadata';
import type { Server } from 'node:http';
import { createApp } from './app.factory';
import { ConnectionDrain } from './common/http/connection-drain';
import { Banner, printBanner, startLine } from './common/process/start-line';
import { exitAfterFailedStart, reachServices } from './start-services';
import { loadConfigOrExit } from './bootstrap-config';
import { openDatabase } from './database/open-database';
import { logOutput } from './common/logging/logging.module';
import { DemoSeedResult, DemoService } from './demo';
import { AppConfig } from './config/app-config';
import { serveWorkerProbes } from './health';

async function bootstrap(): Promise<void> {
  const started = Date.now();
  const config = loadConfigOrExit();
  await reachServices(config);
  const database = await openDatabase(config, { attachIfRunning: false });
  startLine(config.nodeEnv, 'info', `database: ${database.description}`);
  const app = await createApp({ config, connection: database.connection });
  app.get(DemoService); // fail fast if the module graph is broken
  let stopping: Promise<void> | undefined;
  let metricsPort: Server | null = null;
  // One graceful stop, whatever signals arrive meanwhile (a second SIGTERM or a Ctrl-C must not
  // cut it short): stop accepting, finish what was accepted, then close the app and the database.
  const stop = (): void => {
    stopping ??= (async () => {
      startLine(
        config.nodeEnv,
        'info',
        `draining: no new connections; the requests in flight have ${config.shutdownGraceMs} ms`,
        logOutput(),
      );
      await app.get(ConnectionDrain).drain(app.getHttpServer(), config.shutdownGraceMs);
      await app.close();
      await database.close();
      // The scraper's port answers until the rest has closed (readiness says what is down).
      metricsPort?.closeAllConnections();
      await new Promise((resolve) =>
        metricsPort ? metricsPort.close(resolve) : resolve(undefined),
      );
      startLine(config.nodeEnv, 'info', 'stopped', logOutput());
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(
          `Shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`,
        );
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen(config.port, config.host);
  // METRICS_PORT: /metrics and the probes without a token, for the scraper on an internal network.
  metricsPort = await serveWorkerProbes(
    app,
    config.metricsPort,
    config.metricsHost,
    'the metrics port',
  );
  const seeded = config.seedDemo ? await app.get(DemoService).seed() : undefined;

  printBanner(banner(config, database.description, Date.now() - started, seeded), logOutput());
}

/** The API's banner: where it serves, and the demo client's token the first time. */
function banner(
  config: AppConfig,
  database: string,
  readyMs: number,
  seeded: DemoSeedResult | undefined,
): Banner {
  const text = [
    `Product Customizer Integration API is listening (${database}), ready in ${readyMs} ms`,
    `  API:        ${config.baseUrl}`,
    `  Swagger UI: ${config.baseUrl}/docs`,
    ...(config.metricsPort !== 0
      ? [`  Metrics:    http://${config.metricsHost}:${config.metricsPort}/metrics (no token)`]
      : []),
  ];
  if (seeded) {
    const [recipeSet] = seeded.recipeSets;
    text.push(
      seeded.token
        ? `  Demo client "${seeded.clientHandle}" created with an Admin token (shown only this once).`
        : `  Demo client "${seeded.clientHandle}" exists; its token was printed on first start.`,
      '  Try the examples in this shell:',
      `    export API=${config.baseUrl}`,
      seeded.token
        ? `    export TOKEN=${seeded.token}`
        : `    export TOKEN=$(npm run -s cli -- token create ${seeded.clientHandle} --role Admin | tail -n1)`,
      ...(recipeSet ? [`    export RECIPE_SET=${recipeSet}`] : []),
    );
  }
  const demo = seeded && {
    client: seeded.clientHandle,
    created: seeded.created,
    // Demo data exists only outside production (DemoDataNotInProduction), for trying the API.
    recipeSets: seeded.recipeSets,
    ...(seeded.token ? { token: seeded.token } : {}),
  };
  return {
    msg: 'listening',
    text,
    fields: {
      url: config.baseUrl,
      docs: `${config.baseUrl}/docs`,
      ...(config.metricsPort !== 0
        ? { metrics: `http://${config.metricsHost}:${config.metricsPort}/metrics` }
        : {}),
      database,
      readyMs,
      demo,
    },
  };
}

bootstrap().catch((err: unknown) => exitAfterFailedStart(err));
