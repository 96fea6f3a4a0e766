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
import {
  DEMO_CONSOLE_USER,
  DemoSeedResult,
  DemoService,
  existingDemoPasswordFile,
  existingDemoTokenFile,
  writeDemoPassword,
  writeDemoToken,
} from './demo';
import { AppConfig } from './config/app-config';
import { serveWorkerProbes } from './health';
import { ensureAddressFree } from './common/process/port-check';

async function bootstrap(): Promise<void> {
  const started = Date.now();
  const config = loadConfigOrExit();
  // A port in use is said at once, not after the database was opened and migrated.
  await ensureAddressFree(config.host, config.port);
  await reachServices(config);
  const database = await openDatabase(config, { attachIfRunning: false, fromTemplate: true });
  startLine(config.nodeEnv, 'info', `database: ${database.description}`);
  if (database.fromTemplate)
    startLine(config.nodeEnv, 'info', 'database: created from the migrated template');
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
  // The token goes to an owner-only file, never to the output (see demo-token-file.ts).
  const tokenFile = seeded?.token
    ? await writeDemoToken(config.dataDir, seeded.token)
    : seeded && existingDemoTokenFile(config.dataDir);
  // So does the console user's password.
  const passwordFile = seeded?.consoleUser
    ? await writeDemoPassword(config.dataDir, seeded.consoleUser.password)
    : seeded && existingDemoPasswordFile(config.dataDir);

  printBanner(
    banner(config, database.description, Date.now() - started, seeded, { tokenFile, passwordFile }),
    logOutput(),
  );
}

/** `path` as a shell word (quoted when it holds anything but safe characters). */
const shellWord = (path: string): string =>
  /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;

/** The API's banner: where it serves, and where the demo client's token is (never the token). */
function banner(
  config: AppConfig,
  database: string,
  readyMs: number,
  seeded: DemoSeedResult | undefined,
  { tokenFile, passwordFile }: { tokenFile?: string; passwordFile?: string },
): Banner {
  const text = [
    `Product Customizer Integration API is listening (${database}), ready in ${readyMs} ms`,
    `  API:        ${config.baseUrl}`,
    `  Swagger UI: ${config.baseUrl}/docs`,
    `  Console:    ${config.baseUrl}/console`,
    ...(config.metricsPort !== 0
      ? [`  Metrics:    http://${config.metricsHost}:${config.metricsPort}/metrics (no token)`]
      : []),
  ];
  if (seeded) {
    const [recipeSet] = seeded.recipeSets;
    text.push(
      seeded.token
        ? `  Demo client "${seeded.clientHandle}" created with an Admin token, saved in ${tokenFile} (owner-only).`
        : tokenFile
          ? `  Demo client "${seeded.clientHandle}" exists; its Admin token is in ${tokenFile}.`
          : `  Demo client "${seeded.clientHandle}" exists; its token file is gone: the command below issues a new token.`,
      '  Try the examples in this shell:',
      `    export API=${config.baseUrl}`,
      tokenFile
        ? `    export TOKEN=$(cat ${shellWord(tokenFile)})`
        : `    export TOKEN=$(npm run -s cli -- token create ${seeded.clientHandle} --role Admin | tail -n1)`,
      ...(recipeSet ? [`    export RECIPE_SET=${recipeSet}`] : []),
      ...(passwordFile
        ? [
            `  Demo console user ${DEMO_CONSOLE_USER.email} (Admin): its password is in ${passwordFile} (owner-only);`,
            `  sign in at ${config.baseUrl}/console, or with POST /api/session (docs/api/users.md, "Console sessions"):`,
            `    export CONSOLE_EMAIL=${DEMO_CONSOLE_USER.email} CONSOLE_PASSWORD=$(cat ${shellWord(passwordFile)})`,
          ]
        : []),
    );
  }
  const demo = seeded && {
    client: seeded.clientHandle,
    created: seeded.created,
    // Demo data exists only outside production (DemoDataNotInProduction), for trying the API.
    recipeSets: seeded.recipeSets,
    // Where the token is, never the token: this line is a log record.
    ...(tokenFile ? { tokenFile } : {}),
    ...(passwordFile ? { consoleUser: { email: DEMO_CONSOLE_USER.email, passwordFile } } : {}),
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
