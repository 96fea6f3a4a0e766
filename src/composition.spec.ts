import 'reflect-metadata';
import { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_QUEUES } from './common/jobs/job-registry';
import { AppModule, CliModule, HTTP_MODULES, RoleOptions, WorkerModule } from './composition';
import { AppConfig } from './config/app-config';

/**
 * The process roles, built as their processes build them but in Nest's preview mode (nothing is
 * instantiated, no database is needed): what each one holds.
 */
const options: RoleOptions = {
  config: AppConfig.fromEnv({ NODE_ENV: 'development' }),
  connection: { url: 'postgres://unused/unused' },
};

interface Graph {
  modules: string[];
  controllers: Type[];
  /** Every provider token of every module, as text (`APP_GUARD (UUID: …)` for the global ones). */
  providers: string[];
}

async function graphOf(root: DynamicModule): Promise<Graph> {
  const app: INestApplicationContext = await NestFactory.createApplicationContext(root, {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    const modules = [...app.get(ModulesContainer).values()];
    return {
      modules: modules.map((m) => m.metatype.name),
      controllers: modules.flatMap((m) => [...m.controllers.keys()] as Type[]),
      providers: modules.flatMap((m) =>
        [...m.providers.keys()].map((k) => (typeof k === 'function' ? k.name : String(k))),
      ),
    };
  } finally {
    await app.close();
  }
}

/** Every class of `src/` decorated with `@Controller()`, found by reading the source. */
async function controllersInSource(): Promise<Type[]> {
  const files = (readdirSync(__dirname, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .filter((f) => readFileSync(join(__dirname, f), 'utf8').includes('@Controller('));
  const classes = await Promise.all(
    files.map(async (f) => {
      const exported = (await import(join(__dirname, f))) as Record<string, unknown>;
      return Object.values(exported);
    }),
  );
  return classes
    .flat()
    .filter((v): v is Type => typeof v === 'function')
    .filter((cls) => Reflect.getMetadata(PATH_METADATA, cls) !== undefined);
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const globalStages = (g: Graph) =>
  g.providers.filter((p) => /^APP_(GUARD|FILTER|INTERCEPTOR|PIPE)\b/.test(p));

describe('the process roles (src/composition.ts)', () => {
  let api: Graph;
  let worker: Graph;
  let cli: Graph;
  beforeAll(async () => {
    api = await graphOf(AppModule.forRoot(options));
    worker = await graphOf(WorkerModule.forRoot(options));
    cli = await graphOf(CliModule.forRoot(options));
  });

  it('the API registers every controller class of src/, each once', async () => {
    const inSource = await controllersInSource();
    expect(inSource.length).toBeGreaterThan(30);
    expect(sorted(api.controllers.map((c) => c.name))).toEqual(sorted(inSource.map((c) => c.name)));
    expect(new Set(api.controllers).size).toBe(api.controllers.length);
    for (const cls of inSource) expect(api.controllers).toContain(cls);
  });

  it('the API has the global guard, filter and pipe, and the JSON body reader bound to routes', () => {
    // No global interceptor: the body reader is bound to the routes of methods with a body.
    expect(
      globalStages(api)
        .map((p) => p.split(' ')[0])
        .sort(),
    ).toEqual(['APP_FILTER', 'APP_GUARD', 'APP_PIPE']);
    expect(api.providers).toEqual(
      expect.arrayContaining(['JsonBodyInterceptor', 'JsonBodyRoutes']),
    );
  });

  it.each([
    ['worker', () => worker],
    ['CLI', () => cli],
  ])('the %s registers no controller, no HTTP module and no global HTTP stage', (_, graph) => {
    const g = graph();
    expect(g.controllers).toEqual([]);
    expect(g.modules.filter((m) => HTTP_MODULES.some((h) => h.name === m))).toEqual([]);
    expect(globalStages(g)).toEqual([]);
    expect(g.providers).not.toContain('RouteIndexInstaller');
    expect(g.providers).not.toContain('JsonBodyRoutes');
    expect(g.providers).not.toContain('ConnectionDrain');
  });

  it('the worker and the CLI hold every module of the API but its HTTP modules', () => {
    const http = new Set(HTTP_MODULES.map((m) => m.name));
    const shared = sorted(api.modules.filter((m) => m !== 'AppModule' && !http.has(m)));
    expect(sorted(worker.modules.filter((m) => m !== 'WorkerModule'))).toEqual(shared);
    expect(sorted(cli.modules.filter((m) => m !== 'CliModule'))).toEqual(shared);
  });

  it("every role holds every job's handler (`<job>.job.ts`, class `<Job>Job`)", () => {
    const handlers = Object.keys(JOB_QUEUES).map(
      (job) => `${job.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Job`,
    );
    for (const g of [api, worker, cli])
      expect(g.providers).toEqual(expect.arrayContaining(handlers));
  });

  it('the API and the worker check the stored keys at start; the CLI does not (it migrates later)', () => {
    expect(api.providers).toContain('StoredKeysCheck');
    expect(worker.providers).toContain('StoredKeysCheck');
    expect(cli.providers).not.toContain('StoredKeysCheck');
  });
});
