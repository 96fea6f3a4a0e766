import { INestApplicationContext } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { MetricsService } from '../metrics';
import { HealthService } from './health.service';

/**
 * The probes and metrics of a process on an internal port: a worker's (`npm run worker`, which has
 * no API server) on WORKER_PORT, the API's on METRICS_PORT. A plain HTTP server answering
 * `GET /health/live`, `GET /health/ready` (database, Redis, this process's workers; 503 naming what
 * is down) and `GET /metrics` (Prometheus text: requests, the jobs this process ran, its pools,
 * Node's process metrics). Meant for the orchestrator and the scraper on the internal network: it
 * takes no token and serves nothing else (404; 405 for other methods). Null when `port` is 0.
 * `where` names the listener in its 404 answers.
 */
export async function serveWorkerProbes(
  app: INestApplicationContext,
  port: number,
  host: string,
  where = 'a worker',
): Promise<Server | null> {
  if (port === 0) return null;
  const health = app.get(HealthService);
  const metrics = app.get(MetricsService);
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
    const known = ['/health/live', '/health/ready', '/metrics'].includes(path);
    if (!known) return json(res, 404, { status: 404, title: `No route ${path} on ${where}` });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return json(res, 405, { status: 405, title: `${req.method} is not allowed here` });
    }
    if (path === '/health/live') return json(res, 200, health.liveness());
    if (path === '/health/ready') {
      const readiness = await health.readiness();
      return json(res, readiness.status === 'ok' ? 200 : 503, readiness);
    }
    res.writeHead(200, { 'Content-Type': metrics.contentType });
    res.end(await metrics.render());
  };
  const server = createServer((req, res) => {
    answer(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { status: 500, title: 'The probe failed' });
      else res.destroy();
    });
  });
  // Probes are short: a client that holds a connection open must not keep the process from stopping.
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
