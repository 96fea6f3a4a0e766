import { readFileSync } from 'node:fs';
import { composeProblems, parseCompose, schemaProblems } from './check-compose';

const text = readFileSync('compose.yaml', 'utf8');
const nginx = readFileSync('deploy/nginx.conf', 'utf8');
type Obj = Record<string, Record<string, unknown>>;
/** The parsed compose file with `change` applied to its services. */
const changed = (change: (services: Obj) => void) => {
  const compose = parseCompose(text) as { services: Obj };
  change(compose.services);
  return compose;
};

describe('compose.yaml', () => {
  it('follows the Compose Specification and describes the topology, merge keys resolved', () => {
    const compose = parseCompose(text) as { services: Obj };
    expect(schemaProblems(compose)).toEqual([]);
    expect(composeProblems(compose, nginx)).toEqual([]);
    // The roles inherit the shared settings through `<<: *app`.
    expect(compose.services.worker.environment).toMatchObject({
      NODE_ENV: 'production',
      WORKER_PORT: '3001',
    });
  });

  it('fails what the schema refuses: an unknown key, a wrong type', () => {
    expect(
      schemaProblems(
        changed((s) => {
          s.api.replica = 2;
        }),
      ),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/\/services\/api .*\(replica\)/)]));
    expect(
      schemaProblems(
        changed((s) => {
          s.worker.depends_on = 5;
        }),
      ),
    ).not.toEqual([]);
  });

  it('fails a topology that would not work: workers in the API, no migration wait, no probe', () => {
    expect(
      composeProblems(
        changed((s) => {
          (s.api.environment as Record<string, string>).WORKERS = 'true';
          delete s.worker.depends_on;
          delete s.redis.healthcheck;
          s.api.deploy = { replicas: 1 };
        }),
        nginx.replace('underscores_in_headers on;', ''),
      ),
    ).toEqual([
      'api has fewer than 2 replicas',
      'worker does not wait for the migration to complete',
      'api runs workers (WORKERS is not false)',
      'redis has no health check',
      'nginx drops underscored headers',
    ]);
  });
});
