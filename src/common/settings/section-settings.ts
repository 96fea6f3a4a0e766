/**
 * The settings of the parts of src/common that have their own section in the configuration (jobs,
 * the work pools, the S3 store, the worker threads): declared here, beside {@link CommonSettings}
 * that holds them, so that src/common/settings imports nothing and every part of src/common may
 * import it.
 */

/**
 * Jobs: whether this process runs workers, how often an idle worker looks for work, and how often
 * expired attempts (a worker that died) are failed for retry.
 */
export interface JobSettings {
  workers: boolean;
  pollSeconds: number;
  maintenanceSeconds: number;
  /** How long one attempt may run before it counts as lost (its worker died). */
  expireSeconds: number;
  /** A client's jobs of one fair queue running at once, across processes (JOB_CLIENT_CONCURRENCY). */
  clientConcurrency: number;
}

/** How one kind of work waits: a client's share of its pool, tasks waiting in all and per client. */
export interface QueueSettings {
  /** Fraction of the pool one client may hold. */
  clientShare: number;
  queue: number;
  clientQueue: number;
  queueWaitMs: number;
}

/** Renders, and transformations of stored renders (lighter: more at once), at once. */
export interface RenderPoolSettings extends QueueSettings {
  concurrency: number;
  transformConcurrency: number;
}

/** Upload normalisations, and upload bodies held in memory, at once. */
export interface UploadPoolSettings extends QueueSettings {
  concurrency: number;
  bodies: number;
}

/** Where BLOB_STORE=s3 keeps blobs. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; unset for AWS S3 itself. */
  endpoint: string | undefined;
  /** Explicit keys; unset: the AWS SDK's default credential chain. Never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` (most S3-compatible servers). */
  forcePathStyle: boolean;
  /** Prepended to every key in the bucket: '' or segments ending in `/`. */
  prefix: string;
}

/** Settings of the pool (WORKER_* variables). */
export interface WorkerPoolSettings {
  /** Threads at most; they start when work arrives and stop when idle. */
  threads: number;
  /** Tasks waiting for a thread at most; beyond, WorkerPoolBusy (503). */
  queue: number;
  /** A task running longer is aborted (its thread terminated): WorkerTaskTimedOut (503). */
  taskTimeoutMs: number;
  /** V8 old-generation heap of each thread, in MB: beyond, the thread dies (WorkerTaskFailed). */
  heapMb: number;
}
