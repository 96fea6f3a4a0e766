import { resolve } from 'node:path';
import { Environment, parseEnvironment } from './environment';
import { parseSize } from '../common/http/sizes';
import type { CommonSettings } from '../common/settings/common-settings';
import { DEFAULT_WORKER_THREADS } from '../common/workers/worker-pool';
import { DEFAULT_IMAGE_MEMORY_BUDGET_MB } from '../common/scheduling/memory-budget';
import type { S3Settings, WorkerPoolSettings } from '../common/settings/section-settings';
import {
  MessageSettings,
  messageSettings,
  s3Settings,
  UserSettings,
  userSettings,
  WebhookSettings,
  webhookSettings,
} from './app-config-sections';
import { planCounts, splitList, stripSlash, unique } from './env-values';

export type { WebhookSettings } from './app-config-sections';

/** What kind of process the configuration is for (beside the environment). */
export interface ProcessOptions {
  /**
   * Whether the process runs background work: periodic tasks (purges, sweeps, the event relay),
   * job workers and the job queue's maintenance. True for the API and worker processes; false for
   * one-shot processes (the operator CLI), which do their command and exit.
   */
  backgroundTasks?: boolean;
}

export type DatabaseTarget =
  { kind: 'embedded'; dataDir: string } | { kind: 'external'; url: string };

/**
 * The validated, typed configuration every part of the service reads. Built once at boot from the
 * environment; never read `process.env` anywhere else.
 */
export class AppConfig implements CommonSettings {
  readonly nodeEnv: Environment['NODE_ENV'];
  readonly port: number;
  /** HOST, else 127.0.0.1 when demo data is seeded and 0.0.0.0 otherwise. */
  readonly host: string;
  /** A worker process's probe and metrics port (0: none). */
  readonly workerPort: number;
  /** The address a worker's probes bind (WORKER_HOST): loopback by default. */
  readonly workerHost: string;
  /** The API's token-free metrics and probes port (METRICS_PORT; 0: none). */
  readonly metricsPort: number;
  /** The address METRICS_PORT binds (METRICS_HOST): loopback by default. */
  readonly metricsHost: string;
  /** Attempts to reach the database and Redis at start (START_ATTEMPTS). */
  readonly startAttempts: number;
  readonly baseUrl: string;
  readonly cdnUrl: string;
  readonly dataDir: string;
  readonly database: DatabaseTarget;
  readonly databasePoolSize: number;
  readonly statementTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly runMigrations: boolean;
  readonly redisUrl: string | undefined;
  /** Lower-cased header names that may carry the API token, `service_api_token` first. */
  readonly tokenHeaders: readonly string[];
  readonly encryptionKeys: string | undefined;
  readonly corsOrigins: readonly string[];
  readonly logLevel: Environment['LOG_LEVEL'];
  readonly jsonBodyLimit: string;
  /** Values (object members, array elements) one JSON body may hold (413 beyond). */
  readonly jsonMaxValues: number;
  /** Keys one object of a JSON body may have (413 beyond). */
  readonly jsonMaxObjectKeys: number;
  readonly maxBatchOrders: number;
  /** Line items one request may carry, over all its orders (413 beyond). */
  readonly maxRequestLineItems: number;
  /** The most one quantity of a line item may order (400 beyond, naming it). */
  readonly maxLineItemQuantity: number;
  /** Distinct recipe sets one request may name (413 beyond). */
  readonly maxRecipeSetsPerRequest: number;
  /** Items a saved-asset list without pageSize may hold (400 beyond: page it). */
  readonly savedAssetListMax: number;
  /** Bytes of one saved-asset list answer (400 beyond: a smaller page). */
  readonly listMaxResponseBytes: number;
  /** Bytes of one saved asset as listed (413 on the write that would pass it). */
  readonly savedAssetMaxBytes: number;
  readonly logEntryRetentionDays: number;
  /** Bytes one uploaded file may have (413 beyond). */
  readonly maxUploadBytes: number;
  /** Pixels one uploaded image may have (400 beyond), checked before decoding. */
  readonly maxUploadPixels: number;
  /**
   * Uploads: frames an animated image may have (400 beyond), normalisations and bodies in memory
   * at once, one client's share of them, and the queues (503 with Retry-After beyond).
   */
  readonly uploads: {
    maxFrames: number;
    /** Estimated CPU of one normalisation, in megapixels of JPEG (400 beyond), from the header. */
    maxCost: number;
    concurrency: number;
    bodies: number;
    clientShare: number;
    queue: number;
    clientQueue: number;
    queueWaitMs: number;
  };
  readonly blobStore: Environment['BLOB_STORE'];
  /**
   * Renders: largest side (400 beyond), renders at once, renders waiting and how long, and how
   * long a caller waits for one render.
   */
  readonly render: {
    maxSide: number;
    concurrency: number;
    /** Transformations (resizes, re-encodes) of stored renders at once: lighter than renders. */
    transformConcurrency: number;
    queue: number;
    queueWaitMs: number;
    timeoutMs: number;
    /** Fraction of the render and transform pools one client may hold. */
    clientShare: number;
    /** Renders (and transformations) one client may have waiting. */
    clientQueue: number;
  };
  /** The worker-thread pool for pixel loops and PDF building (src/common/workers). */
  readonly workerPool: WorkerPoolSettings;
  /** Bytes the image work of this process may allocate together (IMAGE_MEMORY_BUDGET_MB). */
  readonly imageMemoryBudgetBytes: number;
  /** The longest lifetime a signed URL may be given, in seconds. */
  readonly signedUrlMaxSeconds: number;
  /** Work per minute a client may have by plan (render: cold renders and new transformations). */
  readonly planWorkPerMinute: Record<'render' | 'upload' | 'upload-cost', Record<string, number>>;
  /**
   * Jobs: whether this process runs workers, how often an idle worker looks for work, and how
   * often expired attempts (a worker that died) are failed for retry.
   */
  readonly jobs: {
    workers: boolean;
    pollSeconds: number;
    maintenanceSeconds: number;
    /** How long one attempt may run before it counts as lost (its worker died). */
    expireSeconds: number;
    /** A client's jobs of one fair queue running at once, across processes. */
    clientConcurrency: number;
  };
  /**
   * Print files: the pixels of one location's canvas (print area plus bleed at its DPI) a design
   * may need, the pixels of the images it may draw there, and the proofs one client may have
   * queued or running.
   */
  readonly print: {
    maxPixels: number;
    maxImagePixels: number;
    proofQueueLimit: number;
  };
  /** The bucket when `blobStore` is `s3` (validated at boot), otherwise undefined. */
  readonly s3: S3Settings | undefined;
  readonly messages: MessageSettings;
  readonly webhooks: WebhookSettings;
  /** Prepended to every Redis key the service writes. */
  readonly redisKeyPrefix: string;
  readonly users: UserSettings;
  /** Recipients one client may share designs with per UTC day. */
  readonly shareDailyLimit: number;
  /** Seconds between the steps of a sandbox scenario. */
  readonly sandboxStepSeconds: number;
  /** Caps on a client's moderation word list and hash blocklist (409 beyond). */
  readonly moderationMaxWords: number;
  readonly moderationMaxBlockedHashes: number;
  readonly seedDemo: boolean;
  readonly trustProxy: boolean;
  readonly shutdownGraceMs: number;
  /** See {@link ProcessOptions.backgroundTasks}: false in the operator CLI. */
  readonly backgroundTasks: boolean;

  constructor(env: Environment, options: ProcessOptions = {}) {
    this.backgroundTasks = options.backgroundTasks ?? true;
    this.nodeEnv = env.NODE_ENV;
    this.port = env.PORT;
    this.workerPort = env.WORKER_PORT;
    this.workerHost = env.WORKER_HOST;
    this.metricsPort = env.METRICS_PORT;
    this.metricsHost = env.METRICS_HOST;
    this.startAttempts = env.START_ATTEMPTS;
    this.shutdownGraceMs = env.SHUTDOWN_GRACE_MS;
    this.baseUrl = stripSlash(env.BASE_URL ?? `http://localhost:${env.PORT}`);
    this.cdnUrl = stripSlash(env.CDN_URL ?? `${this.baseUrl}/cdn`);
    this.dataDir = resolve(env.DATA_DIR);
    this.database = env.DATABASE_URL
      ? { kind: 'external', url: env.DATABASE_URL }
      : { kind: 'embedded', dataDir: this.dataDir };
    this.databasePoolSize = env.DATABASE_POOL_SIZE;
    this.statementTimeoutMs = env.DATABASE_STATEMENT_TIMEOUT_MS;
    this.connectTimeoutMs = env.DATABASE_CONNECT_TIMEOUT_MS;
    this.runMigrations = env.MIGRATIONS_RUN;
    this.redisUrl = env.REDIS_URL;
    this.redisKeyPrefix = env.REDIS_KEY_PREFIX;
    this.tokenHeaders = unique([
      'service_api_token',
      ...splitList(env.API_TOKEN_HEADERS).map((h) => h.toLowerCase()),
    ]);
    this.encryptionKeys = env.DATA_ENCRYPTION_KEYS;
    this.corsOrigins = splitList(env.CORS_ORIGINS);
    this.logLevel = env.LOG_LEVEL;
    this.jsonBodyLimit = env.JSON_BODY_LIMIT;
    this.jsonMaxValues = env.JSON_MAX_VALUES;
    this.jsonMaxObjectKeys = env.JSON_MAX_OBJECT_KEYS;
    this.maxBatchOrders = env.MAX_BATCH_ORDERS;
    this.maxRequestLineItems = env.MAX_REQUEST_LINE_ITEMS;
    this.maxLineItemQuantity = env.MAX_LINE_ITEM_QUANTITY;
    this.maxRecipeSetsPerRequest = env.MAX_RECIPE_SETS_PER_REQUEST;
    this.savedAssetListMax = env.SAVED_ASSET_LIST_MAX;
    this.listMaxResponseBytes = parseSize(env.LIST_MAX_RESPONSE_BYTES);
    this.savedAssetMaxBytes = parseSize(env.SAVED_ASSET_MAX_BYTES);
    this.logEntryRetentionDays = env.LOG_ENTRY_RETENTION_DAYS;
    this.maxUploadBytes = parseSize(env.MAX_UPLOAD_BYTES);
    this.maxUploadPixels = env.MAX_UPLOAD_PIXELS;
    this.uploads = {
      maxFrames: env.MAX_UPLOAD_FRAMES,
      maxCost: env.MAX_UPLOAD_COST,
      concurrency: env.UPLOAD_CONCURRENCY,
      bodies: env.UPLOAD_BODIES,
      clientShare: env.UPLOAD_CLIENT_SHARE_PERCENT / 100,
      queue: env.UPLOAD_QUEUE,
      clientQueue: env.UPLOAD_CLIENT_QUEUE,
      queueWaitMs: env.UPLOAD_QUEUE_WAIT_MS,
    };
    this.blobStore = env.BLOB_STORE;
    this.render = {
      maxSide: env.RENDER_MAX_SIDE,
      concurrency: env.RENDER_CONCURRENCY,
      transformConcurrency: env.RENDER_TRANSFORM_CONCURRENCY,
      queue: env.RENDER_QUEUE,
      queueWaitMs: env.RENDER_QUEUE_WAIT_MS,
      timeoutMs: env.RENDER_TIMEOUT_MS,
      clientShare: env.RENDER_CLIENT_SHARE_PERCENT / 100,
      clientQueue: env.RENDER_CLIENT_QUEUE,
    };
    this.workerPool = {
      threads: env.WORKER_THREADS ?? DEFAULT_WORKER_THREADS,
      queue: env.WORKER_QUEUE,
      taskTimeoutMs: env.WORKER_TASK_TIMEOUT_MS,
      heapMb: env.WORKER_HEAP_MB,
    };
    this.imageMemoryBudgetBytes =
      (env.IMAGE_MEMORY_BUDGET_MB ?? env.PRINT_MEMORY_BUDGET_MB ?? DEFAULT_IMAGE_MEMORY_BUDGET_MB) *
      1024 *
      1024;
    this.signedUrlMaxSeconds = env.SIGNED_URL_MAX_SECONDS;
    this.planWorkPerMinute = {
      render: planCounts(env.PLAN_RENDERS_PER_MINUTE),
      upload: planCounts(env.PLAN_UPLOADS_PER_MINUTE),
      'upload-cost': planCounts(env.PLAN_UPLOAD_COST_PER_MINUTE),
    };
    this.jobs = {
      // A process without background tasks runs no workers, whatever WORKERS says.
      workers: env.WORKERS && this.backgroundTasks,
      pollSeconds: env.JOB_POLL_MS / 1000,
      maintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      clientConcurrency: env.JOB_CLIENT_CONCURRENCY,
    };
    this.print = {
      maxPixels: env.PRINT_MAX_PIXELS,
      maxImagePixels: env.PRINT_MAX_IMAGE_PIXELS,
      proofQueueLimit: env.PRINT_PROOF_QUEUE_LIMIT,
    };
    this.s3 = env.BLOB_STORE === 's3' ? s3Settings(env) : undefined;
    this.messages = messageSettings(env);
    // Never in production (an Admin token printed to the console); by default in embedded mode.
    this.seedDemo =
      env.NODE_ENV !== 'production' && (env.SEED_DEMO ?? this.database.kind === 'embedded');
    this.webhooks = webhookSettings(env, this.seedDemo);
    this.users = userSettings(env);
    this.shareDailyLimit = env.SHARE_DAILY_LIMIT;
    this.sandboxStepSeconds = env.SANDBOX_STEP_SECONDS;
    this.moderationMaxWords = env.MODERATION_MAX_WORDS;
    this.moderationMaxBlockedHashes = env.MODERATION_MAX_BLOCKED_HASHES;
    this.trustProxy = env.TRUST_PROXY;
    // A demo with an Admin token answers this machine only unless HOST says otherwise.
    this.host = env.HOST ?? (this.seedDemo ? '127.0.0.1' : '0.0.0.0');
  }

  /** The `default` throttler's limit (src/common/rate-limits): it guards the credential check. */
  get rateLimitPerMinute(): number {
    return this.users.credentialsPerMinute;
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env, options: ProcessOptions = {}): AppConfig {
    return new AppConfig(parseEnvironment(env), options);
  }
}
