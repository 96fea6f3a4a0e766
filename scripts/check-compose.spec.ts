import { readFileSync } from 'node:fs';
import { composeProblems, parseCompose, pinProblems, schemaProblems } from './check-compose';
import { composeVariables, dockerfileImages, parseImageRef } from './lib/image-pins';

const text = readFileSync('compose.yaml', 'utf8');
const nginx = readFileSync('deploy/nginx.conf', 'utf8');
const dockerfile = readFileSync('Dockerfile', 'utf8');
const envExample = readFileSync('prod.env.example', 'utf8');
const imageList = () =>
  JSON.parse(readFileSync('deploy/images.json', 'utf8')) as {
    images: Record<string, unknown>[];
  };
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

  it('fails an API without its scrape port (METRICS_PORT 9464)', () => {
    expect(
      composeProblems(
        changed((s) => {
          delete (s.api.environment as Record<string, string>).METRICS_PORT;
        }),
      ),
    ).toEqual(['api serves no METRICS_PORT (9464) for the scraper']);
  });
});

describe('image pins (compose.yaml, Dockerfile, deploy/images.json)', () => {
  it('hold today: every image pinned by version and digest, listed, and every listed image used', () => {
    expect(pinProblems(parseCompose(text), dockerfile, imageList(), envExample)).toEqual([]);
    // Node on a supported LTS in both stages; the app image is built here, tagged by version.
    const froms = dockerfileImages(dockerfile).map((u) => parseImageRef(u.ref));
    expect(froms).toHaveLength(2);
    for (const from of froms) expect(from).toMatchObject({ name: 'node', tag: /^(22|24)\./ });
    const app = (parseCompose(text) as { services: Obj }).services.api;
    expect(app.image).toBe('product-customizer-integration-api:1.0.0');
  });

  it('fail an image on latest, or with no tag, naming the service and the image', () => {
    const compose = changed((s) => {
      s.redis.image = 'redis:latest';
      s.postgres.image = 'postgres';
    });
    expect(pinProblems(compose, dockerfile, imageList(), envExample)).toEqual([
      'compose.yaml: postgres: image postgres is not pinned to a version (no tag)',
      'compose.yaml: redis: image redis:latest is not pinned to a version (latest)',
      'deploy/images.json lists postgres:16.15-bookworm, which nothing uses',
      'deploy/images.json lists redis:7.4.11-bookworm, which nothing uses',
    ]);
    // The app image too, though it is built here.
    const latestApp = changed((s) => {
      s.api.image = 'product-customizer-integration-api:latest';
    });
    expect(pinProblems(latestApp, dockerfile, imageList(), envExample)).toEqual([
      'compose.yaml: api: image product-customizer-integration-api:latest is not pinned to a version (latest)',
    ]);
    expect(
      pinProblems(
        parseCompose(text),
        dockerfile.replace(/^FROM \S+ AS build$/m, 'FROM node:latest AS build'),
        imageList(),
        envExample,
      ),
    ).toEqual(['Dockerfile: FROM: image node:latest is not pinned to a version (latest)']);
  });

  it('fail an image missing from the list, and one pinned to another digest than the list', () => {
    const other = `sha256:${'0'.repeat(64)}`;
    const compose = changed((s) => {
      s.proxy.image = `nginx:1.31.3@${other}`;
      s.redis.image = (s.redis.image as string).replace(/@sha256:.*/, `@${other}`);
    });
    expect(pinProblems(compose, dockerfile, imageList(), envExample)).toEqual([
      `compose.yaml: redis: image redis:7.4.11-bookworm@${other} is pinned to another digest than deploy/images.json (sha256:c6eabf748fc7a61dbb5a705c78bcf3d6377b1127a97d0ce965c11c44ba46896f)`,
      'compose.yaml: proxy: image nginx:1.31.3 is not in deploy/images.json',
      'deploy/images.json lists nginx:1.30.5, which nothing uses',
    ]);
  });

  it('fail a missing digest unless the list says why, and a list entry without its registry, date or origin', () => {
    const noDigest = changed((s) => {
      s.s3.image = (s.s3.image as string).replace(/@sha256:.*/, '');
    });
    expect(pinProblems(noDigest, dockerfile, imageList(), envExample)).toEqual([
      'compose.yaml: s3: image versity/versitygw:v1.8.0 is not pinned by digest (deploy/images.json: sha256:30292fc2eeacc67a36993b01f7a7a5e3361a19cced0e80c1d71cfa2a4b0a2499)',
    ]);
    const list = imageList();
    const s3 = list.images.find((e) => e.image === 'versity/versitygw')!;
    delete s3.digest;
    expect(pinProblems(noDigest, dockerfile, list, envExample)).toEqual([
      'deploy/images.json: versity/versitygw:v1.8.0 has no digest and no noDigestReason',
      'compose.yaml: s3: image versity/versitygw:v1.8.0 has no digest and deploy/images.json gives no reason',
    ]);
    s3.noDigestReason = 'no public source names the digest of this version';
    expect(pinProblems(noDigest, dockerfile, list, envExample)).toEqual([]);

    const bare = imageList();
    const redis = bare.images.find((e) => e.image === 'redis')!;
    delete redis.registry;
    delete redis.checked;
    delete redis.digestFrom;
    expect(pinProblems(parseCompose(text), dockerfile, bare, envExample)).toEqual([
      'deploy/images.json: redis:7.4.11-bookworm names no registry that serves it',
      'deploy/images.json: redis:7.4.11-bookworm has no date it was checked (YYYY-MM-DD, got undefined)',
      'deploy/images.json: redis:7.4.11-bookworm does not say where its digest came from (digestFrom)',
    ]);
  });
});

describe('prod.env.example', () => {
  it('lists every variable compose.yaml reads, each secret empty with the command that makes it', () => {
    const variables = composeVariables(parseCompose(text));
    expect(variables).toEqual(
      expect.arrayContaining(['DATA_ENCRYPTION_KEYS', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']),
    );
    for (const secret of [
      'DATA_ENCRYPTION_KEYS',
      'POSTGRES_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
      'GRAFANA_ADMIN_PASSWORD',
    ]) {
      // Empty (compose refuses to start until it is set), the command two lines above or so.
      expect(envExample).toMatch(new RegExp(`#.*openssl rand[^\n]*\n(#[^\n]*\n)*${secret}=\n`));
      expect(text).toContain(`\${${secret}:?set ${secret} (see prod.env.example)}`);
    }
  });

  it('fails when compose.yaml reads a variable the example does not list ($$ is no variable)', () => {
    const compose = changed((s) => {
      (s.api.environment as Record<string, string>).S3_PREFIX = '${S3_PREFIX:-blobs/}';
      (s.api.environment as Record<string, string>).LITERAL = 'a$$HOME';
    });
    expect(pinProblems(compose, dockerfile, imageList(), envExample)).toEqual([
      'prod.env.example does not list S3_PREFIX, which compose.yaml reads',
    ]);
    expect(
      pinProblems(
        parseCompose(text),
        dockerfile,
        imageList(),
        envExample.replace(/^HTTP_PORT=.*$/m, ''),
      ),
    ).toEqual(['prod.env.example does not list HTTP_PORT, which compose.yaml reads']);
  });
});
