import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  validateSync,
  ValidateBy,
  ValidationArguments,
} from 'class-validator';
import { IntBetween, toBool } from './env-rules';
import { OPTIONAL_SERVICE_VARIABLES, servicesProblems } from './services-environment';
import { WorkLimitsEnvironment, workLimitsProblems } from './work-limits-environment';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/**
 * Demo data is never created in production: its Admin token is printed to the console, where
 * logs are collected. Refuse `SEED_DEMO=true` there rather than ignore it.
 */
function NotTrueInProduction(): PropertyDecorator {
  return ValidateBy({
    name: 'notTrueInProduction',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        !(value === true && (args?.object as Environment).NODE_ENV === 'production'),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must not be true when NODE_ENV=production: demo data and its token are never created in production`,
    },
  });
}

/**
 * Every environment variable the service reads, with its rule and its embedded-mode default.
 * `.env.example` documents the same list; keep the two in step.
 */
export class Environment extends WorkLimitsEnvironment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IntBetween(0, 65535)
  PORT = 3000;

  /**
   * The address to bind. Unset: 127.0.0.1 when the process seeds demo data (embedded mode outside
   * production: it prints where its Admin token is, so it answers this machine only), else 0.0.0.0.
   */
  @IsOptional()
  @IsString()
  HOST?: string;

  /**
   * Attempts to reach PostgreSQL (external) and Redis at start, 1 s apart then doubling: after the
   * last, one line naming what is unreachable and exit code 69.
   */
  @IntBetween(1, 100)
  START_ATTEMPTS = 5;

  /** The port of a worker process's probes and metrics (`npm run worker`); 0 serves none. */
  @IntBetween(0, 65535)
  WORKER_PORT = 3001;

  /**
   * The address a worker's probes and metrics bind: loopback unless configured, as they take no
   * token (a container orchestrator or scraper on an internal network sets `0.0.0.0`).
   */
  @IsString()
  WORKER_HOST = '127.0.0.1';

  /**
   * The API's internal port for the scraper: `GET /metrics` (and the probes) without a token, as a
   * worker serves them on WORKER_PORT. 0 (the default) serves none; the token-protected `/metrics`
   * on PORT answers either way.
   */
  @IntBetween(0, 65535)
  METRICS_PORT = 0;

  /** The address METRICS_PORT binds: loopback unless configured, as it takes no token. */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  @IntBetween(0, 600_000)
  SHUTDOWN_GRACE_MS = 10_000;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  BASE_URL?: string;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  CDN_URL?: string;

  @IsString()
  DATA_DIR = './data';

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IntBetween(1, 200)
  DATABASE_POOL_SIZE = 10;

  @IntBetween(100, 600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 15_000;

  @IntBetween(100, 60_000)
  DATABASE_CONNECT_TIMEOUT_MS = 5_000;

  @Transform(toBool)
  @IsBoolean()
  MIGRATIONS_RUN = true;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Prepended to every Redis key the service writes (deployments sharing one Redis differ here). */
  @Matches(/^[A-Za-z0-9:_.-]{1,50}$/, {
    message: 'REDIS_KEY_PREFIX must be 1–50 of letters, digits, ":", "_", "." and "-"',
  })
  REDIS_KEY_PREFIX = 'pci:';

  @Matches(/^\s*([A-Za-z0-9_-]+\s*(,\s*[A-Za-z0-9_-]+\s*)*)?$/, {
    message: 'API_TOKEN_HEADERS must be a comma-separated list of header names',
  })
  API_TOKEN_HEADERS = 'SPECTRUM_API_TOKEN';

  @IsOptional()
  @Matches(
    /^\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_=-]{43,44}\s*(,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_=-]{43,44}\s*)*$/,
    {
      message:
        'DATA_ENCRYPTION_KEYS must be a comma-separated list of keyId:base64Key entries, each key 32 bytes',
    },
  )
  DATA_ENCRYPTION_KEYS?: string;

  @IsString()
  CORS_ORIGINS = '';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @IntBetween(60, 31_536_000)
  SIGNED_URL_MAX_SECONDS = 2_592_000;

  @IntBetween(1, 3650)
  LOG_ENTRY_RETENTION_DAYS = 30;

  /** Recipients one client may share designs with per UTC day (POST /api/share/send). */
  @IntBetween(0, 1_000_000)
  SHARE_DAILY_LIMIT = 500;

  /** Seconds between the steps of a sandbox scenario (POST /api/sandbox/orders/{po}/run). */
  @IntBetween(0, 300)
  SANDBOX_STEP_SECONDS = 2;

  /** Words one client may add to its moderation word lists (409 beyond). */
  @IntBetween(0, 100_000)
  MODERATION_MAX_WORDS = 2000;
  /** Image hashes one client may block (409 beyond). */
  @IntBetween(0, 1_000_000)
  MODERATION_MAX_BLOCKED_HASHES = 10_000;

  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  @NotTrueInProduction()
  SEED_DEMO?: boolean;

  @Transform(toBool)
  @IsBoolean()
  TRUST_PROXY = false;

  @Transform(toBool)
  @IsBoolean()
  WORKERS = true;

  @IntBetween(500, 60_000)
  JOB_POLL_MS = 500;

  @IntBetween(1, 3600)
  JOB_MAINTENANCE_SECONDS = 30;

  @IntBetween(5, 86_400)
  JOB_EXPIRE_SECONDS = 300;

  @IntBetween(1, 64)
  JOB_CLIENT_CONCURRENCY = 1;
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/** Validates `env` against {@link Environment}; throws one error naming every bad variable. */
export function parseEnvironment(env: NodeJS.ProcessEnv): Environment {
  const known = Object.keys(new Environment());
  const relevant: Record<string, string> = {};
  for (const key of [
    ...known,
    'BASE_URL',
    'CDN_URL',
    'DATABASE_URL',
    'REDIS_URL',
    'DATA_ENCRYPTION_KEYS',
    'SEED_DEMO',
    'WORKER_THREADS',
    ...OPTIONAL_SERVICE_VARIABLES,
  ]) {
    const value = env[key];
    // A blank variable counts as unset, so its default applies.
    if (value !== undefined && value.trim() !== '') relevant[key] = value;
  }
  const parsed = plainToInstance(Environment, relevant, { exposeDefaultValues: true });
  const errors = validateSync(parsed, { forbidUnknownValues: true });
  const problems = errors.flatMap((e) =>
    Object.values(e.constraints ?? {}).map((msg) =>
      msg.startsWith(e.property)
        ? `${msg} (got ${JSON.stringify(redactIfSecret(e.property, e.value))})`
        : `${e.property}: ${msg}`,
    ),
  );
  problems.push(
    ...metricsPortProblems(parsed),
    ...keyRingProblems(parsed),
    ...servicesProblems(parsed),
    ...workLimitsProblems(parsed),
  );
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return parsed;
}

/** The token-free metrics port must not be the API's own port (the API would fail to listen). */
function metricsPortProblems(env: Environment): string[] {
  return env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT
    ? [
        `METRICS_PORT must differ from PORT (both ${env.PORT}): the metrics port is a second, internal listener; 0 serves none`,
      ]
    : [];
}

const GENERATE_KEY_HINT =
  'set it to keyId:base64Key entries, e.g. DATA_ENCRYPTION_KEYS=key1:<output of `openssl rand -base64 32`>';

/**
 * The key ring must be shared by every instance that shares a database: required with
 * DATABASE_URL (and in production); only embedded mode may generate its own key. Key ids are
 * unique, since a stored value names the key that encrypted it.
 */
function keyRingProblems(env: Environment): string[] {
  const spec = env.DATA_ENCRYPTION_KEYS;
  if (!spec) {
    if (env.DATABASE_URL)
      return [
        `DATA_ENCRYPTION_KEYS is required when DATABASE_URL is set, so that every instance reads the others' data; ${GENERATE_KEY_HINT}`,
      ];
    if (env.NODE_ENV === 'production')
      return [`DATA_ENCRYPTION_KEYS is required when NODE_ENV=production; ${GENERATE_KEY_HINT}`];
    return [];
  }
  const ids = spec.split(',').map((entry) => entry.split(':')[0].trim());
  const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  return duplicates.length > 0
    ? [
        `DATA_ENCRYPTION_KEYS names key id ${duplicates.join(', ')} more than once; key ids must be unique`,
      ]
    : [];
}

function redactIfSecret(property: string, value: unknown): unknown {
  return /KEYS|URL|SECRET|ACCESS_KEY/.test(property) &&
    property !== 'BASE_URL' &&
    property !== 'CDN_URL'
    ? '<redacted>'
    : value;
}
