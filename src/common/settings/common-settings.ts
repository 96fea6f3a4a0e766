import type { LevelWithSilent } from 'pino';
import type {
  JobSettings,
  RenderPoolSettings,
  S3Settings,
  UploadPoolSettings,
  WorkerPoolSettings,
} from './section-settings';

/**
 * What src/common reads of the service's configuration. The configuration (AppConfig, in
 * src/config) implements it and provides it under this class, so that src/common depends on no
 * layer above it: code in src/common injects `CommonSettings`, never AppConfig. The variables
 * behind each setting are in AppConfig and the environment.
 */
export abstract class CommonSettings {
  /** NODE_ENV: `development`, `production` or `test`. */
  abstract readonly nodeEnv: string;
  abstract readonly logLevel: LevelWithSilent;
  /** Whether the process runs background work (periodic tasks, job maintenance): not the CLI. */
  abstract readonly backgroundTasks: boolean;
  /** The service's own URL, without a trailing slash. */
  abstract readonly baseUrl: string;
  /** Where stored blobs are served from, without a trailing slash. */
  abstract readonly cdnUrl: string;
  abstract readonly dataDir: string;
  /** Lower-cased header names that may carry the API token, `service_api_token` first. */
  abstract readonly tokenHeaders: readonly string[];
  /** DATA_ENCRYPTION_KEYS; unset: the key file in the data directory. Never logged. */
  abstract readonly encryptionKeys: string | undefined;
  abstract readonly redisUrl: string | undefined;
  /** Prepended to every Redis key the service writes. */
  abstract readonly redisKeyPrefix: string;
  /** The largest JSON body (`5mb`), see parseSize. */
  abstract readonly jsonBodyLimit: string;
  /** Values (object members, array elements) one JSON body may hold. */
  abstract readonly jsonMaxValues: number;
  /** Keys one object of a JSON body may have. */
  abstract readonly jsonMaxObjectKeys: number;
  /** Bytes one uploaded file may have. */
  abstract readonly maxUploadBytes: number;
  /** Requests a minute one source may make to a route guarded by the `default` throttler. */
  abstract readonly rateLimitPerMinute: number;
  abstract readonly render: RenderPoolSettings;
  abstract readonly uploads: UploadPoolSettings;
  abstract readonly workerPool: WorkerPoolSettings;
  /** Bytes the image work of the process (renders, transformations, uploads, print jobs) may hold together. */
  abstract readonly imageMemoryBudgetBytes: number;
  abstract readonly jobs: JobSettings;
  /** The bucket when blobs are kept in S3, otherwise undefined (a directory of DATA_DIR). */
  abstract readonly s3: S3Settings | undefined;
}
