import { Logger } from '@nestjs/common';
import { UnitOfWork } from '../persistence/unit-of-work';
import { CommonSettings } from '../settings/common-settings';
import { FairTurns } from './fair-turns';
import { SqlQuery, takeFairly } from './fair-take';
import { JobHandlers, JobRegistration } from './job-handlers';
import { JobMetrics } from './job-metrics';
import { JOB_QUEUES, JobName, JobPayloads } from './job-registry';
import { JobWorker, TakenJob, WorkerQueue } from './job-worker';
import { JOBS_SCHEMA } from './jobs.repository';

/**
 * pg-boss's side of the workers' queues, bound by JobQueue (pg-boss's only importer): the next job
 * of a queue by priority, and the outcome of an attempt.
 */
export interface JobSource {
  /** The next job of `name`, or undefined when none is due. */
  fetch(name: JobName): Promise<TakenJob | undefined>;
  complete(name: JobName, id: string): Promise<void>;
  fail(name: JobName, id: string, message: string): Promise<void>;
}

/**
 * This process's job workers, for JobQueue: the handler of each job (JobQueue.handle) and, once
 * started (where WORKERS is true), `concurrency` workers per job, each taking one job at a time (a
 * fair queue's per client in turn, see fair-take.ts), every attempt counted and timed. Woken when
 * a job is sent; stopped before the database pool closes.
 */
export class JobWorkers {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new JobHandlers();
  private readonly byName = new Map<JobName, JobWorker<unknown>[]>();
  /** Whose turn it is, per fair queue (this process's workers). */
  private readonly turns = new Map<JobName, FairTurns>();

  constructor(
    private readonly config: CommonSettings,
    private readonly source: JobSource,
    /** Statements on the pool (fair takes). */
    private readonly query: SqlQuery,
    private readonly metrics: JobMetrics,
    private readonly uow: UnitOfWork,
  ) {}

  /** Adds the handler of `registration.name`; a second one throws (JobHandlersMismatch). */
  add(registration: JobRegistration): void {
    this.handlers.add(registration);
  }

  /** Throws (JobHandlersMismatch) unless every job of the registry has its handler. */
  checkComplete(): void {
    this.handlers.checkComplete();
  }

  /** Starts the workers of every handler. */
  start(): void {
    for (const r of this.handlers.all) {
      // `concurrency` workers taking one job at a time: each job succeeds or fails on its own.
      const workers = Array.from(
        { length: r.concurrency },
        () =>
          new JobWorker(this.queueOf(r.name), (job) => this.timed(r, job), {
            pollMs: this.config.jobs.pollSeconds * 1000,
            attemptTimeoutMs: this.config.jobs.expireSeconds * 1000,
            onError: (err, what) =>
              this.logger.warn({ err, queue: r.name }, `a job worker could not ${what}`),
          }),
      );
      this.byName.set(r.name, workers);
      workers.forEach((w) => w.start());
    }
  }

  /** The queue `name` as a worker uses it. */
  private queueOf(name: JobName): WorkerQueue<unknown> {
    // One rotation per queue, shared by the process's workers of it.
    const turns = JOB_QUEUES[name].fair ? (this.turns.get(name) ?? new FairTurns()) : undefined;
    if (turns) this.turns.set(name, turns);
    return {
      take: async () => {
        if (turns)
          return takeFairly(
            this.query,
            JOBS_SCHEMA,
            name,
            turns,
            this.config.jobs.clientConcurrency,
          );
        return this.source.fetch(name);
      },
      complete: async (job) => {
        await this.source.complete(name, job.id);
      },
      fail: async (job, err) => {
        await this.source.fail(name, job.id, err instanceof Error ? err.message : String(err));
      },
    };
  }

  /** Runs a handler, counting and timing the attempt. */
  private timed(r: JobRegistration, job: TakenJob): Promise<void> {
    return this.metrics.attempt(r.name, () =>
      r.handler(job.data as JobPayloads[JobName], {
        id: job.id,
        retryCount: job.retryCount,
        priority: job.priority,
      }),
    );
  }

  /**
   * Workers of this process start on new jobs of `name` now rather than at their next poll (after
   * the commit, when sent in a transaction: uncommitted jobs are not visible yet).
   */
  notify(name: JobName): void {
    const workers = this.byName.get(name) ?? [];
    if (workers.length > 0) this.uow.afterCommitOrNow(() => workers.forEach((w) => w.notify()));
  }

  /**
   * Waits up to `timeoutMs` for running handlers, the workers taking no new job; what it cuts is
   * retried after expiry.
   */
  async stop(timeoutMs: number): Promise<void> {
    const workers = [...this.byName.values()].flat();
    const ended = await Promise.all(workers.map((w) => w.stop(timeoutMs)));
    if (ended.includes(false))
      this.logger.warn(
        `job workers still running after ${timeoutMs} ms: their jobs will be retried`,
      );
  }
}
