/**
 * Every job the service runs (docs/design.md §9): its name, its payload and how its queue behaves.
 * A job is sent with JobQueue.send (inside the caller's transaction when there is one) and handled
 * by the module that registered a handler for it.
 */
export interface JobPayloads {
  /** Print files of one design version of a recipe set (the web-to-print module). */
  /**
   * The print files of a design version: the set of the client's current print settings and every
   * set requested with other settings that is not made yet (src/web-to-print).
   */
  'print-files': { recipeSetId: string; designVersion: number };
  /** One message of the outbox (src/messages). */
  'deliver-message': { messageId: string };
  /**
   * Webhook delivery attempts are due (src/webhooks): the worker makes every due attempt it can
   * claim. (Jobs queued by earlier versions name one attempt; it is made with the others.)
   */
  'deliver-webhook': { attemptId?: string };
  /** The next step of a sandbox client's scenario (src/sandbox). */
  'sandbox-scenario': {
    clientId: string;
    clientHandle: string;
    purchaseOrderNumber: string;
    scenario: string;
    step: number;
  };
}

export type JobName = keyof JobPayloads;

/** The singleton key of a design version's `print-files` job: one queued per design version. */
export const printFilesJobKey = (recipeSetId: string, designVersion: number): string =>
  `${recipeSetId}:${designVersion}`;

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
  /**
   * Taken per client in turn (src/common/jobs/fair-turns.ts): jobs sent with an owner are taken
   * one client at a time, live clients before sandbox clients, at most JOB_CLIENT_CONCURRENCY of a
   * client's jobs running at once; priority orders only a client's own jobs. Otherwise pg-boss's
   * order: highest priority, then oldest.
   */
  fair: boolean;
}

/**
 * The client a job works for (JobQueue keeps it in the job's data as `owner`): fair queues take
 * clients in turn, and a sandbox client's jobs run at SANDBOX_JOB_PRIORITY after every live job.
 */
export interface JobOwner {
  clientId: string;
  sandbox: boolean;
}

export const JOB_QUEUES: Record<JobName, QueueSettings> = {
  'print-files': {
    retryLimit: 4,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'stately',
    fair: true,
  },
  'deliver-message': {
    // 2, 4, 8, 16, 32, 64 s: a mail server that is down for a minute loses nothing.
    retryLimit: 6,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'standard',
    fair: true,
  },
  'deliver-webhook': {
    // The job's own retries cover a database that is briefly away; the webhook retry schedule
    // (a new attempt, waking the loop with a delayed job) covers a receiver that fails. Standard,
    // not stately: every wake-up counts (a job that finds nothing due ends at once), and the
    // attempts' own claims keep each one single.
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'standard',
    // Wake-ups without a client: the attempts they make are claimed in the webhook delivery's
    // own order.
    fair: false,
  },
  'sandbox-scenario': {
    // A step that fails (the database briefly away) is tried again; the scenario then goes on.
    retryLimit: 3,
    retryDelaySeconds: 2,
    retryBackoff: true,
    policy: 'standard',
    fair: true,
  },
};

/** The spec's priorities (0 = lowest … 4 = highest) are the queue's: higher runs first. */
export const DEFAULT_JOB_PRIORITY = 2;

/** Every job of a sandbox client, whatever priority it was asked for: the lowest. */
export const SANDBOX_JOB_PRIORITY = 0;
