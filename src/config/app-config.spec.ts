import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { AppConfig } from './app-config';
import { parseEnvironment } from './environment';

const config = (env: NodeJS.ProcessEnv): AppConfig => new AppConfig(parseEnvironment(env));
/** DATABASE_URL requires a key ring. */
const KEYS = `k1:${randomBytes(32).toString('base64')}`;

describe('AppConfig', () => {
  it('fills every default for an empty environment', () => {
    const c = config({});
    expect(c.nodeEnv).toBe('development');
    expect(c.port).toBe(3000);
    // Demo data (with its Admin token) in embedded mode: this machine only.
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe(resolve(process.cwd(), 'data'));
    expect(c.dataDir.startsWith('/')).toBe(true);
    expect(c.database).toEqual({ kind: 'embedded', dataDir: c.dataDir });
    expect(c.seedDemo).toBe(true);
    expect(c.tokenHeaders).toEqual(['service_api_token', 'spectrum_api_token']);
    expect(c.baseUrl).toBe('http://localhost:3000');
    expect(c.cdnUrl).toBe('http://localhost:3000/cdn');
    expect(c.corsOrigins).toEqual([]);
    expect(c.logLevel).toBe('info');
    expect(c.jsonBodyLimit).toBe('5mb');
    expect(c.runMigrations).toBe(true);
    expect(c.trustProxy).toBe(false);
    expect(c.redisUrl).toBeUndefined();
    expect(c.encryptionKeys).toBeUndefined();
    expect(c.databasePoolSize).toBe(10);
    expect(c.statementTimeoutMs).toBe(15_000);
    expect(c.connectTimeoutMs).toBe(5_000);
    expect(c.maxBatchOrders).toBe(1000);
    expect(c.logEntryRetentionDays).toBe(30);
    expect(c.imageMemoryBudgetBytes).toBe(384 * 1024 * 1024);
  });

  it('binds HOST, else loopback where demo data is seeded and every interface otherwise', () => {
    expect(config({}).host).toBe('127.0.0.1');
    expect(config({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(config({ SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(config({ NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: KEYS }).host).toBe('0.0.0.0');
    expect(config({ DATABASE_URL: 'postgres://db/pci', DATA_ENCRYPTION_KEYS: KEYS }).host).toBe(
      '0.0.0.0',
    );
    expect(
      config({ DATABASE_URL: 'postgres://db/pci', DATA_ENCRYPTION_KEYS: KEYS, SEED_DEMO: 'true' })
        .host,
    ).toBe('127.0.0.1');
    expect(config({ HOST: '192.0.2.10' }).host).toBe('192.0.2.10');
  });

  it('allows private webhook targets (any port) where demo data is seeded, unless WEBHOOK_ALLOW_PRIVATE_TARGETS says otherwise', () => {
    const webhooks = (env: NodeJS.ProcessEnv) => {
      const { allowPrivateTargets, allowedPorts } = config(env).webhooks;
      return { allowPrivateTargets, allowedPorts };
    };
    const external = { DATABASE_URL: 'postgres://db/pci', DATA_ENCRYPTION_KEYS: KEYS };
    expect(webhooks({})).toEqual({ allowPrivateTargets: true, allowedPorts: null });
    expect(webhooks({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '' })).toEqual({
      allowPrivateTargets: true,
      allowedPorts: null,
    });
    expect(webhooks({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' })).toEqual({
      allowPrivateTargets: false,
      allowedPorts: [443, 8443],
    });
    expect(webhooks({ SEED_DEMO: 'false' }).allowPrivateTargets).toBe(false);
    expect(webhooks(external).allowPrivateTargets).toBe(false);
    expect(webhooks({ ...external, SEED_DEMO: 'true' }).allowPrivateTargets).toBe(true);
    expect(webhooks({ ...external, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })).toEqual({
      allowPrivateTargets: true,
      allowedPorts: null,
    });
    expect(webhooks({ NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: KEYS })).toEqual({
      allowPrivateTargets: false,
      allowedPorts: [443, 8443],
    });
  });

  it('reads IMAGE_MEMORY_BUDGET_MB, else its older name PRINT_MEMORY_BUDGET_MB', () => {
    const MiB = 1024 * 1024;
    expect(config({ IMAGE_MEMORY_BUDGET_MB: '256' }).imageMemoryBudgetBytes).toBe(256 * MiB);
    expect(config({ PRINT_MEMORY_BUDGET_MB: '512' }).imageMemoryBudgetBytes).toBe(512 * MiB);
    expect(
      config({ IMAGE_MEMORY_BUDGET_MB: '300', PRINT_MEMORY_BUDGET_MB: '512' })
        .imageMemoryBudgetBytes,
    ).toBe(300 * MiB);
    expect(() => config({ IMAGE_MEMORY_BUDGET_MB: '8' })).toThrow(/IMAGE_MEMORY_BUDGET_MB/);
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    const c = config({ DATA_DIR: 'var/store/' });
    expect(c.dataDir).toBe(resolve(process.cwd(), 'var/store'));
    expect(c.database).toEqual({ kind: 'embedded', dataDir: c.dataDir });
  });

  it('derives baseUrl and cdnUrl from PORT and converts numeric strings to numbers', () => {
    const c = config({
      PORT: '8080',
      DATABASE_POOL_SIZE: ' 25 ',
      MAX_BATCH_ORDERS: '7',
      MAX_RECIPE_SETS_PER_REQUEST: '9',
      LOG_ENTRY_RETENTION_DAYS: '90',
    });
    expect(c.port).toBe(8080);
    expect(c.baseUrl).toBe('http://localhost:8080');
    expect(c.cdnUrl).toBe('http://localhost:8080/cdn');
    expect(c.databasePoolSize).toBe(25);
    expect(c.maxBatchOrders).toBe(7);
    expect(c.maxRecipeSetsPerRequest).toBe(9);
    expect(c.logEntryRetentionDays).toBe(90);
  });

  it('uses an external database and turns seeding off unless SEED_DEMO says otherwise', () => {
    const url = 'postgres://u:p@db:5432/app';
    expect(config({ DATABASE_URL: url, DATA_ENCRYPTION_KEYS: KEYS }).database).toEqual({
      kind: 'external',
      url,
    });
    expect(config({ DATABASE_URL: url, DATA_ENCRYPTION_KEYS: KEYS }).seedDemo).toBe(false);
    expect(
      config({ DATABASE_URL: url, DATA_ENCRYPTION_KEYS: KEYS, SEED_DEMO: 'yes' }).seedDemo,
    ).toBe(true);
    expect(
      config({ DATABASE_URL: 'postgresql://db/app', DATA_ENCRYPTION_KEYS: KEYS, SEED_DEMO: 'TRUE' })
        .seedDemo,
    ).toBe(true);
    expect(config({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
    expect(config({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('never seeds demo data in production, and refuses SEED_DEMO=true there', () => {
    const production = { NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: `k1:${'A'.repeat(43)}=` };
    expect(config(production).database.kind).toBe('embedded');
    expect(config(production).seedDemo).toBe(false);
    expect(config({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => config({ ...production, SEED_DEMO: 'true' })).toThrow(
      'SEED_DEMO must not be true when NODE_ENV=production: demo data and its token are never created in production (got true)',
    );
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['OFF', false],
    ['true', true],
    ['1', true],
    ['yes', true],
    [' On ', true],
  ])('reads the boolean %p as %p', (raw, expected) => {
    expect(config({ TRUST_PROXY: raw }).trustProxy).toBe(expected);
    expect(config({ MIGRATIONS_RUN: raw }).runMigrations).toBe(expected);
  });

  it('lower-cases and de-duplicates the API_TOKEN_HEADERS aliases, service_api_token first', () => {
    const c = config({
      API_TOKEN_HEADERS: ' X-Api-Key, SERVICE_API_TOKEN ,x-api-key,Legacy_Token ',
    });
    expect(c.tokenHeaders).toEqual(['service_api_token', 'x-api-key', 'legacy_token']);
  });

  it('strips trailing slashes from BASE_URL and CDN_URL and derives cdnUrl from baseUrl', () => {
    expect(config({ BASE_URL: 'https://api.example.com//' }).baseUrl).toBe(
      'https://api.example.com',
    );
    expect(config({ BASE_URL: 'https://api.example.com/v1/' }).cdnUrl).toBe(
      'https://api.example.com/v1/cdn',
    );
    const c = config({ BASE_URL: 'http://api.test', CDN_URL: 'https://cdn.example.com/assets/' });
    expect(c.baseUrl).toBe('http://api.test');
    expect(c.cdnUrl).toBe('https://cdn.example.com/assets');
  });

  it('splits CORS_ORIGINS on commas, trimming and dropping blanks', () => {
    expect(config({ CORS_ORIGINS: 'https://a.test, https://b.test ,,' }).corsOrigins).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
  });

  it('treats blank optional variables as unset', () => {
    const c = config({
      BASE_URL: '',
      CDN_URL: '  ',
      DATABASE_URL: '',
      REDIS_URL: ' ',
      DATA_ENCRYPTION_KEYS: '',
    });
    expect(c.baseUrl).toBe('http://localhost:3000');
    expect(c.cdnUrl).toBe('http://localhost:3000/cdn');
    expect(c.database.kind).toBe('embedded');
    expect(c.seedDemo).toBe(true);
    expect(c.redisUrl).toBeUndefined();
    expect(c.encryptionKeys).toBeUndefined();
  });

  it('treats a blank SEED_DEMO as unset', () => {
    expect(config({ SEED_DEMO: '' }).seedDemo).toBe(true);
    expect(
      config({ SEED_DEMO: ' ', DATABASE_URL: 'postgres://db/app', DATA_ENCRYPTION_KEYS: KEYS })
        .seedDemo,
    ).toBe(false);
  });

  it('fromEnv reads the given environment', () => {
    expect(AppConfig.fromEnv({ PORT: '4000', LOG_LEVEL: 'debug' })).toMatchObject({
      port: 4000,
      logLevel: 'debug',
    });
  });
});

describe('AppConfig.backgroundTasks', () => {
  it('is on by default, and off turns the job workers off whatever WORKERS says', () => {
    const env = { DATA_DIR: '/tmp/pci-config-test', WORKERS: 'true' };
    expect(AppConfig.fromEnv(env)).toMatchObject({
      backgroundTasks: true,
      jobs: { workers: true },
    });
    expect(AppConfig.fromEnv(env, { backgroundTasks: false })).toMatchObject({
      backgroundTasks: false,
      jobs: { workers: false },
    });
  });
});

describe('AppConfig as the settings of src/common', () => {
  it("gives the default throttler the credential check's limit (CREDENTIALS_RATE_LIMIT)", () => {
    const config = AppConfig.fromEnv({
      DATA_DIR: '/tmp/pci-config-test',
      CREDENTIALS_RATE_LIMIT: '90',
    });
    expect(config.rateLimitPerMinute).toBe(90);
    expect(config.users.credentialsPerMinute).toBe(90);
  });
});
