/**
 * Every job the service runs (DESIGN §9): its name, its payload and how its queue behaves. A job
 * is sent with JobQueue.send (inside the caller's transaction when there is one) and handled by
 * the module that registered a handler for it.
 */
export interface JobPayloads {
  /** Print files of one design version of a recipe set (the web-to-print module). */
  'print-files': { recipeSetId: string; designVersion: number };
  /** One message of the outbox (common/messages). */
  'deliver-message': { messageId: string };
  /** One attempt to deliver an event to a webhook endpoint (src/webhooks). */
  'deliver-webhook': { attemptId: string };
}

export type JobName = keyof JobPayloads;

export interface QueueSettings {
  /** Attempts after the first, waiting `retryDelaySeconds` (doubled each time with backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * `stately`: at most one queued and one active job per singleton key (a second send while one
   * waits is dropped); `standard`: no deduplication.
   */
  policy: 'standard' | 'stately';
}

export const JOB_QUEUES: Record<JobName, QueueSettings> = {
  'print-files': {
    retryLimit: 4,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'stately',
  },
  'deliver-message': {
    // 2, 4, 8, 16, 32, 64 s: a mail server that is down for a minute loses nothing.
    retryLimit: 6,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'standard',
  },
  'deliver-webhook': {
    // The job's own retries cover a database that is briefly away; the webhook retry schedule
    // (a new attempt, with its own job) covers a receiver that fails. Standard, not stately: a
    // job whose worker died stays active until it expires, and a stately queue would hold a new
    // job for the same attempt back until then (the attempt's own claim keeps it single).
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'standard',
  },
};

/** The spec's priorities (0 = lowest … 4 = highest) are the queue's: higher runs first. */
export const DEFAULT_JOB_PRIORITY = 2;
