/**
 * Checks compose.yaml without a Docker engine (none runs on CI's machines):
 *   npm run build && node dist/scripts/check-compose.js [file, default compose.yaml]
 * 1. against the Compose Specification's JSON schema (deploy/compose-spec.schema.json, from
 *    github.com/compose-spec/compose-spec, schema/compose-spec.json, Apache-2.0), after resolving
 *    YAML anchors and merge keys as Compose does;
 * 2. for the topology docs/operations.md describes (composeProblems);
 * 3. its images and the Dockerfile's against deploy/images.json, its variables against
 *    prod.env.example (scripts/lib/image-pins.ts).
 * Prints one line per problem and exits 1, or one line saying it holds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { projectRoot } from '../src/common/files/project-root';
import {
  composeImages,
  dockerfileImages,
  envExampleProblems,
  imageListProblems,
  imagePinProblems,
  unusedImageProblems,
} from './lib/image-pins';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed file, anchors and merge keys (`<<`) resolved. */
export function parseCompose(text: string): unknown {
  return parse(text, { merge: true, maxAliasCount: 1000 });
}

/** Where the file breaks the Compose Specification (JSON Schema paths and messages). */
export function schemaProblems(compose: unknown): string[] {
  // Draft 07, named by an https URL Ajv does not know by that name: compiled as draft 07 without it.
  const schema = JSON.parse(
    readFileSync(join(projectRoot(), 'deploy', 'compose-spec.schema.json'), 'utf8'),
  ) as Obj;
  delete schema.$schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  if (validate(compose)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `schema: ${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  );
}

const envOf = (service: Obj): Obj => (isObj(service.environment) ? service.environment : {});
const commandOf = (service: Obj): string =>
  Array.isArray(service.command)
    ? service.command.join(' ')
    : typeof service.command === 'string'
      ? service.command
      : '';

/**
 * What the topology needs beyond the schema: the stores, a one-shot migration the roles wait
 * for, the API (WORKERS=false) and workers replicated, each role with its command, production
 * settings and a health check, nginx in front passing underscored headers.
 */
export function composeProblems(compose: unknown, nginxConf?: string): string[] {
  if (!isObj(compose) || !isObj(compose.services)) return ['no services'];
  const services = compose.services as Record<string, Obj>;
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => ok || problems.push(problem);
  for (const name of ['postgres', 'redis', 's3', 'bucket', 'migrate', 'api', 'worker', 'proxy'])
    need(isObj(services[name]), `no ${name} service`);
  if (problems.length > 0) return problems;
  const { migrate, api, worker, proxy } = services;
  need(
    commandOf(migrate) === 'node dist/src/cli.js migrate',
    'migrate does not run the CLI migrate',
  );
  need(commandOf(api) === 'node dist/src/main.js', 'api does not run dist/src/main.js');
  need(commandOf(worker) === 'node dist/src/worker.js', 'worker does not run dist/src/worker.js');
  for (const [name, service] of Object.entries({ migrate, api, worker })) {
    const env = envOf(service);
    need(env.NODE_ENV === 'production', `${name}: NODE_ENV is not production`);
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'DATA_ENCRYPTION_KEYS', 'BASE_URL', 'CDN_URL'])
      need(typeof env[key] === 'string' && env[key] !== '', `${name}: ${key} is not set`);
    need(env.BLOB_STORE === 's3', `${name}: blobs are not in the S3 store`);
  }
  for (const [name, service] of Object.entries({ api, worker })) {
    need(envOf(service).MIGRATIONS_RUN === 'false', `${name}: migrates itself (MIGRATIONS_RUN)`);
    const after = isObj(service.depends_on) ? service.depends_on : {};
    need(
      isObj(after.migrate) && after.migrate.condition === 'service_completed_successfully',
      `${name} does not wait for the migration to complete`,
    );
    const replicas = isObj(service.deploy) ? service.deploy.replicas : undefined;
    need(typeof replicas === 'number' && replicas >= 2, `${name} has fewer than 2 replicas`);
  }
  need(envOf(api).WORKERS === 'false', 'api runs workers (WORKERS is not false)');
  need(envOf(worker).WORKER_PORT === '3001', 'worker serves no WORKER_PORT');
  need(envOf(api).METRICS_PORT === '9464', 'api serves no METRICS_PORT (9464) for the scraper');
  for (const [name, service] of Object.entries(services)) {
    if (['bucket', 'migrate'].includes(name)) continue;
    const check = isObj(service.healthcheck) ? service.healthcheck : undefined;
    need(!!check && Array.isArray(check.test), `${name} has no health check`);
  }
  need(Array.isArray(proxy.ports) && proxy.ports.length > 0, 'proxy publishes no port');
  if (nginxConf !== undefined) {
    need(/underscores_in_headers\s+on;/.test(nginxConf), 'nginx drops underscored headers');
    need(/server\s+api:3000/.test(nginxConf), 'nginx does not proxy to the api service');
  }
  return problems;
}

/** The images of `compose` and `dockerfile` against `imageList`; `compose`'s variables against `envExample`. */
export function pinProblems(
  compose: unknown,
  dockerfile: string,
  imageList: unknown,
  envExample: string,
): string[] {
  const uses = [...composeImages(compose), ...dockerfileImages(dockerfile)];
  return [
    ...imageListProblems(imageList),
    ...imagePinProblems(uses, imageList),
    ...unusedImageProblems(uses, imageList),
    ...envExampleProblems(compose, envExample),
  ];
}

function main(): number {
  const root = projectRoot();
  const file = process.argv[2] ?? join(root, 'compose.yaml');
  const compose = parseCompose(readFileSync(file, 'utf8'));
  const read = (...path: string[]) => readFileSync(join(root, ...path), 'utf8');
  const problems = [
    ...schemaProblems(compose),
    ...composeProblems(compose, read('deploy', 'nginx.conf')),
    ...pinProblems(
      compose,
      read('Dockerfile'),
      JSON.parse(read('deploy', 'images.json')) as unknown,
      read('prod.env.example'),
    ),
  ];
  for (const p of problems) console.error(`compose check: ${p}`);
  if (problems.length > 0) return 1;
  console.log(`compose check: ${file} follows the Compose Specification and the topology holds`);
  return 0;
}

if (require.main === module) process.exit(main());
