// First: sizes libuv's thread pool before anything starts it (see the module).
import './common/process/libuv-threadpool';
import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConnectionDrain } from './common/http/connection-drain';
import { startLine } from './common/process/reach-at-start';
import { exitAfterFailedStart, reachServices } from './common/process/start-services';
import { loadConfigOrExit } from './bootstrap-config';
import { openDatabase } from './database/open-database';
import { DemoService } from './demo/demo.service';

async function bootstrap(): Promise<void> {
  const started = Date.now();
  const config = loadConfigOrExit();
  await reachServices(config);
  const database = await openDatabase(config, { attachIfRunning: false });
  const app = await createApp({ config, connection: database.connection });
  app.get(DemoService); // fail fast if the module graph is broken
  let stopping: Promise<void> | undefined;
  // One graceful stop, whatever signals arrive meanwhile (a second SIGTERM or a Ctrl-C must not
  // cut it short): stop accepting, finish what was accepted, then close the app and the database.
  const stop = (): void => {
    stopping ??= (async () => {
      startLine(
        config.nodeEnv,
        'info',
        `draining: no new connections; the requests in flight have ${config.shutdownGraceMs} ms`,
      );
      await app.get(ConnectionDrain).drain(app.getHttpServer(), config.shutdownGraceMs);
      await app.close();
      await database.close();
      startLine(config.nodeEnv, 'info', 'stopped');
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
  const seeded = config.seedDemo ? await app.get(DemoService).seed() : undefined;

  const lines = [
    '',
    `Product Customizer Integration API is listening (${database.embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}), ready in ${Date.now() - started} ms`,
    `  API:        ${config.baseUrl}`,
    `  Swagger UI: ${config.baseUrl}/docs`,
  ];
  if (seeded?.created && seeded.token) {
    lines.push(
      `  Demo client "${seeded.clientHandle}" created with an Admin token (shown only this once):`,
      `  Demo recipe sets (readable ids): ${(seeded.recipeSets ?? []).join(', ')}`,
      `  SERVICE_API_TOKEN: ${seeded.token}`,
    );
  } else if (seeded) {
    lines.push(
      `  Demo client "${seeded.clientHandle}" exists; its token was printed on first start.`,
      `  New token: npm run cli -- token create ${seeded.clientHandle} --role Admin`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

bootstrap().catch((err: unknown) => exitAfterFailedStart(err));
