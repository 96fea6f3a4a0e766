import {
  DEFAULT_JOB_PRIORITY,
  JobName,
  JobOwner,
  JobPayloads,
  SANDBOX_JOB_PRIORITY,
} from './job-registry';

/**
 * What a job is sent with besides its payload (JobQueue.send and sendMany), and how its owner and
 * priority are stored.
 */

/** How a job is sent: its priority, its singleton key and the client it works for. */
export interface SendJobOptions {
  /** 0–4, higher first (default 2). */
  priority?: number;
  /** Deduplicates by key per the queue's policy (see QueueSettings). */
  singletonKey?: string;
  /** The client the job works for: its turn in a fair queue, and a sandbox job's priority. */
  owner?: JobOwner;
}

/** One job of JobQueue.sendMany: its payload and options, and when it may start. */
export interface JobToSend<N extends JobName> extends SendJobOptions {
  data: JobPayloads[N];
  /** Not before this many seconds after the send (database time). */
  delaySeconds?: number;
}

/** The payload as stored: with its owner, when it has one. */
export function withOwner<T>(data: T, owner: JobOwner | undefined): T | (T & { owner: JobOwner }) {
  return owner ? { ...data, owner: { clientId: owner.clientId, sandbox: owner.sandbox } } : data;
}

/** A sandbox client's job runs at the lowest priority, whatever it asked for. */
export function priorityOf(options: { priority?: number; owner?: JobOwner }): number {
  if (options.owner?.sandbox) return SANDBOX_JOB_PRIORITY;
  return options.priority ?? DEFAULT_JOB_PRIORITY;
}
