import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './composition';
import { ErrorResponder } from './common/http/error-responder';
import { compose } from './common/http/compose';
import { ConnectionDrain } from './common/http/connection-drain';
import { noStoreByDefault } from './common/http/no-store';
import { requestIdMiddleware } from './common/http/request-id';
import { securityHeaders } from './common/http/security-headers';
import { setupOpenApi } from './common/openapi/openapi';
import { DemoExampleIds, demoExamples } from './demo';
import { AppConfig } from './config/app-config';
import { MetricsService } from './metrics';
import { RequestLogging } from './common/logging/logging.module';
import { RESPONSE_HEADERS } from './common/openapi/response-headers';

/** Creates the application, configured exactly as it serves in production. */
export async function createApp(options: AppModuleOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);
  return app;
}

/**
 * Express-level behaviour in order (one composed middleware): request id, the request logger,
 * `Cache-Control: no-store` by default, connection draining, metrics, security headers; then CORS,
 * and one error handler for what fails before routing. The JSON body is read only after
 * authentication, by JsonBodyInterceptor. Once Nest has registered the routes, they are indexed
 * by path prefix (RouteIndexInstaller).
 * Express 5 routing already answers paths with and without a trailing slash, without redirects.
 */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  // Responses are no-store (see noStoreByDefault), so an ETag would only cost a hash of each body.
  app.set('etag', false);
  app.disable('x-powered-by');
  app.use(
    compose(
      requestIdMiddleware,
      app.get(RequestLogging).middleware,
      noStoreByDefault,
      app.get(ConnectionDrain).middleware,
      app.get(MetricsService).middleware,
      // No upgrade-insecure-requests: TLS ends at the load balancer, and plain-HTTP Swagger UI must load.
      securityHeaders({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }),
    ),
  );
  if (config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins.includes('*') ? '*' : [...config.corsOrigins],
      // The headers the document declares for clients (ETag, Retry-After, RateLimit, …): a page
      // of another origin reads them as a server-side client does.
      exposedHeaders: ['X-Request-Id', ...Object.keys(RESPONSE_HEADERS)],
      allowedHeaders: [
        'Content-Type',
        'Accept',
        'Idempotency-Key',
        'If-None-Match',
        'X-Request-Id',
        ...config.tokenHeaders,
      ],
    });
  }
  const responder = app.get(ErrorResponder);
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    void responder.respond(err, req, res);
  });
  // The served document's examples name the demo's rows by the ids the seed made or found.
  const ids = app.get(DemoExampleIds);
  setupOpenApi(app, (context) => demoExamples(context, ids.current()));
  // Signals are handled by main.ts, which drains connections and closes the database after the app.
}
