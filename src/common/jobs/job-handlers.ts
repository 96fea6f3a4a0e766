import { JOB_QUEUES, JobName, JobPayloads } from './job-registry';

export interface JobContext {
  id: string;
  /** Attempts before this one. */
  retryCount: number;
  priority: number;
}

export type JobHandler<N extends JobName> = (
  data: JobPayloads[N],
  job: JobContext,
) => Promise<void>;

export interface JobRegistration {
  name: JobName;
  handler: JobHandler<JobName>;
  concurrency: number;
}

/**
 * A process's handlers do not match the job registry: a job with no handler would wait forever
 * where workers run, and a job with two would be run by either. The service does not start.
 */
export class JobHandlersMismatch extends Error {
  constructor(
    readonly missing: string[],
    readonly doubled: string[],
    readonly unknown: string[] = [],
  ) {
    const problems = [
      ...(missing.length > 0 ? [`no handler for ${quoted(missing)}`] : []),
      ...(doubled.length > 0 ? [`more than one handler for ${quoted(doubled)}`] : []),
      ...(unknown.length > 0 ? [`a handler for ${quoted(unknown)}, not in the registry`] : []),
    ];
    super(
      `Job handlers do not match the job registry (src/common/jobs/job-registry.ts): ${problems.join('; ')}. ` +
        'Each job has exactly one handler (`JobQueue.handle`, in its `<job>.job.ts`).',
    );
    this.name = 'JobHandlersMismatch';
  }
}

const quoted = (names: string[]): string => names.map((n) => `'${n}'`).join(', ');

/**
 * The job handlers registered in this process: one per job name of the registry (`JOB_QUEUES`).
 * A second handler for a name is refused when it is added; `checkComplete` refuses a registry
 * with a job nobody handles, before workers start.
 */
export class JobHandlers {
  private readonly byName = new Map<string, JobRegistration>();

  /** Adds the handler of `registration.name`; throws if the name has one already. */
  add(registration: JobRegistration): void {
    if (this.byName.has(registration.name)) throw new JobHandlersMismatch([], [registration.name]);
    this.byName.set(registration.name, registration);
  }

  /** Throws unless every job of `jobs` (the registry's) has a handler, and no other job does. */
  checkComplete(jobs: readonly string[] = Object.keys(JOB_QUEUES)): void {
    const missing = jobs.filter((name) => !this.byName.has(name));
    const unknown = [...this.byName.keys()].filter((name) => !jobs.includes(name));
    if (missing.length > 0 || unknown.length > 0)
      throw new JobHandlersMismatch(missing, [], unknown);
  }

  get all(): JobRegistration[] {
    return [...this.byName.values()];
  }
}
