import { ServiceEnvironment, ServiceProcess } from '../../support/processes/service-process';
import { call, Exchange } from '../../support/processes/http';
import { orderBody } from '../../support/processes/orders';
import { PostgresServer } from '../../support/processes/postgres-server';
import { RedisServer } from '../../support/processes/redis-server';

export interface RigOptions {
  /** Handle of the client provisioned with a User token. */
  client: string;
  recipeSets: number;
  /** Start a private Redis and give it to the API. */
  redis?: boolean;
  /** API processes on the same database (default 1). */
  instances?: number;
  /** More environment for the API processes (e.g. `WORKERS: 'true'`). */
  env?: Record<string, string>;
}

/**
 * What a fault test breaks: its own PostgreSQL (and Redis), the built API as child processes on
 * them, and a provisioned client. `useRig` starts it before the file's tests and tears it down
 * after them.
 */
export class Rig {
  pg!: PostgresServer;
  redis?: RedisServer;
  env!: ServiceEnvironment;
  apis: ServiceProcess[] = [];
  token!: string;
  recipeSets!: string[];

  /** The first API process; replace it after a crash with `restart()`. */
  get api(): ServiceProcess {
    return this.apis[0];
  }

  async restart(): Promise<void> {
    await this.api.kill();
    this.apis[0] = await ServiceProcess.start(this.env);
  }

  /** The database the API uses, for direct SQL. */
  get databaseUrl(): string {
    return this.pg.url();
  }

  /** One acknowledgement (see `orderBody`) through `api`. */
  acknowledge(po: string, i: number, api = this.api): Promise<Exchange> {
    return call(api.baseUrl, 'POST', '/api/order/acknowledgement', {
      token: this.token,
      body: orderBody(po, this.recipeSets, i),
    });
  }
}

export function useRig(options: RigOptions): Rig {
  const rig = new Rig();
  beforeAll(async () => {
    [rig.pg, rig.redis] = await Promise.all([
      PostgresServer.create(),
      options.redis ? RedisServer.create() : undefined,
    ]);
    rig.env = new ServiceEnvironment(rig.pg.url(), {
      ...(rig.redis ? { REDIS_URL: rig.redis.url } : {}),
      ...options.env,
    });
    // The first instance runs the migrations before any other starts.
    rig.apis.push(await ServiceProcess.start(rig.env));
    for (let i = 1; i < (options.instances ?? 1); i++)
      rig.apis.push(await ServiceProcess.start(rig.env));
    ({ token: rig.token, recipeSets: rig.recipeSets } = await rig.env.provisionClient(
      options.client,
      options.recipeSets,
    ));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(rig.apis.map((a) => a.kill()));
    await rig.redis?.stop();
    await rig.pg?.destroy();
    rig.env?.dispose();
  });
  return rig;
}
