import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/ports';
import { withClient } from '../../setup/test-database';
import { call, CallOptions, Exchange } from '../../support/processes/http';
import { PostgresServer } from '../../support/processes/postgres-server';
import { RedisServer } from '../../support/processes/redis-server';
import { RoundRobinProxy, startRoundRobinProxy } from '../../support/processes/round-robin-proxy';
import { ServiceEnvironment, ServiceProcess } from '../../support/processes/service-process';
import { startS3Server, TestS3Server } from '../../support/s3-server';
import { startSmtpSink } from '../../support/smtp-sink';

export interface TopologyOptions {
  /** Handle of the client provisioned with a User and an Admin token. */
  client: string;
  recipeSets: number;
  /** More environment for every process (API, workers, CLI). */
  env?: Record<string, string>;
}

/**
 * The compose topology (compose.yaml) as local processes with the same commands and environment:
 * a private PostgreSQL and Redis, an S3 store (s3rver), an SMTP sink, the one-shot
 * `node dist/src/cli.js migrate`, two API processes (`WORKERS=false`, each with its `METRICS_PORT`
 * for the scraper) behind a round-robin proxy, and two worker processes (`node dist/src/worker.js`). Every process has a data directory of its
 * own, as each container has its own file system: what one instance writes, another can only
 * read through PostgreSQL, Redis or the bucket.
 */
export class Topology {
  pg!: PostgresServer;
  redis!: RedisServer;
  s3!: TestS3Server;
  smtp!: Awaited<ReturnType<typeof startSmtpSink>>;
  env!: ServiceEnvironment;
  proxy!: RoundRobinProxy;
  apis: ServiceProcess[] = [];
  workers: ServiceProcess[] = [];
  /** Each API process's token-free metrics address (`METRICS_PORT`), as Prometheus scrapes it. */
  readonly metricsUrls = new Map<ServiceProcess, string>();
  /** A User token and an Admin token of the client. */
  token!: string;
  adminToken!: string;
  recipeSets!: string[];
  private processes = 0;

  get url(): string {
    return this.proxy.url;
  }

  get databaseUrl(): string {
    return this.pg.url();
  }

  /** A request through the proxy, with the User token unless `options.token` says otherwise. */
  call(method: string, path: string, options: CallOptions = {}): Promise<Exchange> {
    return call(this.url, method, path, { token: this.token, ...options });
  }

  /** Starts one more API or worker process of the topology (with a data directory of its own). */
  async start(
    role: 'api' | 'worker',
    env: Record<string, string> = {},
    readyWithinMs?: number,
  ): Promise<ServiceProcess> {
    const dataDir = join(this.env.dataDir, `${role}-${++this.processes}`);
    mkdirSync(dataDir);
    const metricsPort = role === 'api' ? await freePort() : 0;
    const api = { WORKERS: 'false', METRICS_PORT: String(metricsPort) };
    const started = await ServiceProcess.start(this.env, {
      role,
      env: { DATA_DIR: dataDir, ...(role === 'api' ? api : {}), ...env },
      readyWithinMs,
    });
    if (role === 'api') this.metricsUrls.set(started, `http://127.0.0.1:${metricsPort}/metrics`);
    return started;
  }

  /** Runs SQL on the topology's database. */
  query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
    return withClient(this.databaseUrl, async (db) => (await db.query<T>(sql, params)).rows);
  }
}

/**
 * Starts the servers the topology needs and its environment (no service process yet): for a test
 * that starts the processes itself.
 */
export function useServers(options: Pick<TopologyOptions, 'env'> = {}): Topology {
  const topology = new Topology();
  beforeAll(async () => {
    [topology.pg, topology.redis, topology.s3, topology.smtp] = await Promise.all([
      PostgresServer.create(),
      RedisServer.create(),
      startS3Server(),
      startSmtpSink(),
    ]);
    // The proxy is the public address (BASE_URL, CDN_URL); its upstreams are filled in below.
    topology.proxy = await startRoundRobinProxy([]);
    topology.env = new ServiceEnvironment(topology.pg.url(), {
      REDIS_URL: topology.redis.url,
      BASE_URL: topology.proxy.url,
      CDN_URL: `${topology.proxy.url}/cdn`,
      TRUST_PROXY: 'true',
      MIGRATIONS_RUN: 'false',
      SMTP_URL: topology.smtp.url,
      ...topology.s3.env(),
      ...options.env,
    });
  }, 120_000);
  afterAll(async () => {
    // Every process, also those of a start-up that failed half-way.
    await ServiceProcess.killAll();
    await Promise.all([
      topology.proxy?.close(),
      topology.redis?.stop(),
      topology.pg?.destroy(),
      topology.s3?.close(),
      topology.smtp?.close(),
    ]);
    topology.env?.dispose();
  }, 60_000);
  return topology;
}

/**
 * The whole topology, started before the file's tests (migration first, then the APIs and the
 * workers together, then the client) and torn down after them.
 */
export function useTopology(options: TopologyOptions): Topology {
  const topology = useServers(options);
  beforeAll(async () => {
    await topology.env.cli('migrate');
    const started = await Promise.all([
      topology.start('api'),
      topology.start('api'),
      topology.start('worker'),
      topology.start('worker'),
    ]);
    topology.apis = started.slice(0, 2);
    topology.workers = started.slice(2);
    topology.proxy.upstreams.push(...topology.apis.map((a) => a.baseUrl));
    const client = await topology.env.provisionClient(options.client, options.recipeSets);
    topology.token = client.token;
    topology.recipeSets = client.recipeSets;
    topology.adminToken = lastLine(
      await topology.env.cli('token', 'create', options.client, '--role', 'Admin'),
    );
  }, 180_000);
  return topology;
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').pop()!.trim();
}
