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
import {
  OPTIONAL_SERVICE_VARIABLES,
  ServicesEnvironment,
  servicesProblems,
} from './services-environment';

const SIZE = /^\d+(b|kb|mb)$/i;
/** `plan:count` pairs, e.g. `free:120,standard:600,enterprise:6000` (work per minute per plan). */
const PLAN_COUNTS =
  /^\s*(free|standard|enterprise):\d{1,9}\s*(,\s*(free|standard|enterprise):\d{1,9}\s*)*$/;
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
export class Environment extends ServicesEnvironment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IntBetween(0, 65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

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

  @Matches(SIZE, { message: 'JSON_BODY_LIMIT must be a size such as 512kb or 5mb' })
  JSON_BODY_LIMIT = '5mb';

  @IntBetween(1000, 100_000_000)
  JSON_MAX_VALUES = 1_000_000;

  @IntBetween(10, 10_000_000)
  JSON_MAX_OBJECT_KEYS = 1000;

  @IntBetween(1, 100_000)
  MAX_BATCH_ORDERS = 1000;

  @IntBetween(1, 1_000_000)
  MAX_REQUEST_LINE_ITEMS = 10_000;
  @IntBetween(1, 100_000)
  MAX_RECIPE_SETS_PER_REQUEST = 10_000;
  @IntBetween(1, 100_000)
  SAVED_ASSET_LIST_MAX = 10_000;

  @Matches(SIZE, { message: 'MAX_UPLOAD_BYTES must be a size such as 512kb or 25mb' })
  MAX_UPLOAD_BYTES = '25mb';

  @IntBetween(1, 1_000_000_000)
  MAX_UPLOAD_PIXELS = 40_000_000;

  /** Frames an animated upload (GIF, WebP) may have; its pixels count once per frame. */
  @IntBetween(1, 100_000)
  MAX_UPLOAD_FRAMES = 100;

  /** Uploads normalised (decoded and re-encoded) at once, over all clients. */
  @IntBetween(1, 64)
  UPLOAD_CONCURRENCY = 2;

  /** Upload bodies read into memory at once, over all clients (a request waits before reading). */
  @IntBetween(1, 1_000)
  UPLOAD_BODIES = 8;

  /** Percentage of UPLOAD_CONCURRENCY and UPLOAD_BODIES one client may hold. */
  @IntBetween(1, 100)
  UPLOAD_CLIENT_SHARE_PERCENT = 50;

  @IntBetween(0, 10_000)
  UPLOAD_QUEUE = 64;

  @IntBetween(0, 10_000)
  UPLOAD_CLIENT_QUEUE = 16;

  @IntBetween(1, 600_000)
  UPLOAD_QUEUE_WAIT_MS = 15_000;

  @IntBetween(16, 4096)
  RENDER_MAX_SIDE = 4096;

  @IntBetween(1, 64)
  RENDER_CONCURRENCY = 2;

  @IntBetween(1, 64)
  RENDER_TRANSFORM_CONCURRENCY = 4;

  @IntBetween(0, 10_000)
  RENDER_QUEUE = 64;

  @IntBetween(1, 600_000)
  RENDER_QUEUE_WAIT_MS = 15_000;

  /** Cold renders and new transformations per minute a client may have, by plan. */
  @Matches(PLAN_COUNTS, {
    message: 'PLAN_RENDERS_PER_MINUTE must list plan:count pairs such as free:120,standard:600',
  })
  PLAN_RENDERS_PER_MINUTE = 'free:120,standard:600,enterprise:6000';

  /** Uploads per minute a client may make, by plan. */
  @Matches(PLAN_COUNTS, {
    message: 'PLAN_UPLOADS_PER_MINUTE must list plan:count pairs such as free:30,standard:120',
  })
  PLAN_UPLOADS_PER_MINUTE = 'free:30,standard:120,enterprise:1200';

  /** Percentage of RENDER_CONCURRENCY and RENDER_TRANSFORM_CONCURRENCY one client may hold. */
  @IntBetween(1, 100)
  RENDER_CLIENT_SHARE_PERCENT = 50;

  /** Renders (and transformations) one client may have waiting. */
  @IntBetween(0, 10_000)
  RENDER_CLIENT_QUEUE = 16;

  @IntBetween(1_000, 600_000)
  RENDER_TIMEOUT_MS = 30_000;

  /** Worker threads for pixel loops and PDF building; unset: min(2, cores). */
  @IsOptional()
  @IntBetween(1, 64)
  WORKER_THREADS?: number;

  @IntBetween(0, 100_000)
  WORKER_QUEUE = 256;

  @IntBetween(100, 600_000)
  WORKER_TASK_TIMEOUT_MS = 60_000;

  @IntBetween(32, 16_384)
  WORKER_HEAP_MB = 512;

  @IntBetween(60, 31_536_000)
  SIGNED_URL_MAX_SECONDS = 2_592_000;

  @IntBetween(1, 3650)
  LOG_ENTRY_RETENTION_DAYS = 30;

  /** Recipients one client may share designs with per UTC day (POST /api/share/send). */
  @IntBetween(0, 1_000_000)
  SHARE_DAILY_LIMIT = 500;

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

  /** Pixels of one location's print canvas (print area plus bleed at its DPI); see print-cost.ts. */
  @IntBetween(1_000_000, 200_000_000)
  PRINT_MAX_PIXELS = 20_000_000;

  /** Pixels of the images one location's print files draw (the parts on the page, summed). */
  @IntBetween(1_000_000, 1_000_000_000)
  PRINT_MAX_IMAGE_PIXELS = 40_000_000;

  /** Proofs (print files of recipe sets not ordered) one client may have queued or running. */
  @IntBetween(1, 1000)
  PRINT_PROOF_QUEUE_LIMIT = 5;
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
  problems.push(...keyRingProblems(parsed), ...servicesProblems(parsed));
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return parsed;
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
