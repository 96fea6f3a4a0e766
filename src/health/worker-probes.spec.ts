import { INestApplicationContext } from '@nestjs/common';
import { AddressInfo, Server } from 'node:net';
import { AppConfig } from '../config/app-config';
import { parseEnvironment } from '../config/environment';
import { MetricsService } from '../metrics';
import { HealthService } from './health.service';
import { freePort } from '../../scripts/lib/ports';
import { serveWorkerProbes } from './worker-probes';

const app = {
  get: (token: unknown) =>
    token === HealthService
      ? { liveness: () => ({ status: 'ok' }) }
      : ({
          contentType: 'text/plain',
          render: () => Promise.resolve(''),
        } as Partial<MetricsService>),
} as unknown as INestApplicationContext;

describe('worker probes', () => {
  let server: Server | null = null;
  afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

  it('bind loopback unless WORKER_HOST says otherwise (they take no token)', async () => {
    const config = new AppConfig(parseEnvironment({ WORKER_PORT: String(await freePort()) }));
    expect(config.workerHost).toBe('127.0.0.1');
    server = await serveWorkerProbes(app, config.workerPort, config.workerHost);
    expect((server!.address() as AddressInfo).address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${config.workerPort}/health/live`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('bind the configured address', () => {
    const config = new AppConfig(parseEnvironment({ WORKER_HOST: '0.0.0.0' }));
    expect(config.workerHost).toBe('0.0.0.0');
  });
});
