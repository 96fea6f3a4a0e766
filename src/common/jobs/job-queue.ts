import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { UnitOfWork } from '../persistence/unit-of-work';
import { JOBS_SCHEMA, JobsRepository, QueueStats } from './jobs.repository';
import { CommonSettings } from '../settings/common-settings';
import { FairTurns } from './fair-turns';
import { SqlQuery, takeFairly } from './fair-take';
import { JobHandler, JobHandlers, JobRegistration } from './job-handlers';
import {
  DEFAULT_JOB_PRIORITY,
  JOB_QUEUES,
  JobName,
  JobOwner,
  JobPayloads,
  SANDBOX_JOB_PRIORITY,
} from './job-registry';
import { JobMetrics, QueueDepth } from './job-metrics';
import { JobWorker, TakenJob, WorkerQueue } from './job-worker';

/** How long stopping waits for running jobs. */
const STOP_TIMEOUT_MS = 10_000;

export interface SendJobOptions {
  /** 0–4, higher first (default 2). */
  priority?: number;
  /** Deduplicates by key per the queue's policy (see QueueSettings). */
  singletonKey?: string;
  /** The client the job works for: its turn in a fair queue, and a sandbox job's priority. */
  owner?: JobOwner;
}

export type { JobContext } from './job-handlers';

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  retryCount: number;
  error: string | null;
  completedOn: string | null;
}

/**
 * Durable jobs on pg-boss (the only file that imports it), in the service's own PostgreSQL (the
 * embedded one too) through the TypeORM pool: a job sent inside a unit of work is written by its
 * transaction, so it exists exactly when the change that caused it commits. Workers run in this
 * process when WORKERS is true; many processes on one database share the work (SKIP LOCKED).
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly handlers = new JobHandlers();
  private readonly jobWorkers = new Map<JobName, JobWorker<unknown>[]>();
  private started = false;
  private readonly metrics: JobMetrics;
  /** Whose turn it is, per fair queue (this process's workers). */
  private readonly turns = new Map<JobName, FairTurns>();

  constructor(
    private readonly config: CommonSettings,
    private readonly repo: JobsRepository,
    private readonly uow: UnitOfWork,
    metrics: MetricsRegistry,
  ) {
    this.metrics = new JobMetrics(metrics.registry, () => this.depth());
    // pg's Pool behind TypeORM: pg-boss's statements (some several to a string) run as it expects.
    const pool = repo.pool;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: JOBS_SCHEMA,
      migrate: true,
      // Maintenance (expiring lost attempts, archiving) and state monitoring run on timers: only
      // in processes that run background tasks, not in a one-shot command.
      supervise: config.backgroundTasks,
      schedule: false,
      maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
      ...(config.backgroundTasks ? { monitorStateIntervalSeconds: 60 } : {}),
    });
    // Without a listener an error event (a dropped connection) would end the process.
    this.boss.on('error', (err) => this.logger.warn({ err }, 'job queue error'));
  }

  /**
   * Runs `handler` for each job of `name` (`concurrency` at a time per process) once the
   * application has started, if this process runs workers (WORKERS). A handler that throws fails
   * the attempt: the job is retried per its queue's settings. A job has one handler: a second
   * one throws (JobHandlersMismatch), failing the start.
   */
  handle<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    options: { concurrency?: number } = {},
  ): void {
    this.handlers.add({
      name,
      handler: handler as JobHandler<JobName>,
      concurrency: options.concurrency ?? 1,
    });
  }

  /**
   * Where workers run, every job of the registry must have its handler (else the start fails,
   * naming the jobs, before anything starts); then the queues are brought up to date and the
   * workers start.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.jobs.workers) this.handlers.checkComplete();
    await this.boss.start();
    for (const [name, q] of Object.entries(JOB_QUEUES)) {
      const settings = {
        name,
        policy: q.policy,
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        retryBackoff: q.retryBackoff,
        // An attempt still active after this (its worker died) is failed and retried by the next
        // maintenance pass.
        expireInSeconds: this.config.jobs.expireSeconds,
      };
      // Creating is ignored for a queue that exists: its settings are brought up to date.
      await this.boss.createQueue(name, settings);
      await this.boss.updateQueue(name, settings);
    }
    this.started = true;
    if (!this.config.jobs.workers) return;
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
      this.jobWorkers.set(r.name, workers);
      workers.forEach((w) => w.start());
    }
  }

  /** The queue `name` as a worker uses it. */
  private queueOf(name: JobName): WorkerQueue<unknown> {
    // One rotation per queue, shared by the process's workers of it.
    const turns = JOB_QUEUES[name].fair ? (this.turns.get(name) ?? new FairTurns()) : undefined;
    if (turns) this.turns.set(name, turns);
    const query: SqlQuery = (text, values) => this.repo.pool.query(text, values);
    return {
      take: async () => {
        if (turns)
          return takeFairly(query, JOBS_SCHEMA, name, turns, this.config.jobs.clientConcurrency);
        const [job] = await this.boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
        return job;
      },
      complete: async (job) => {
        await this.boss.complete(name, job.id);
      },
      fail: async (job, err) => {
        await this.boss.fail(name, job.id, {
          message: err instanceof Error ? err.message : String(err),
        });
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

  /** Whether this process's workers run: `disabled` with WORKERS=false. */
  get workers(): 'up' | 'down' | 'disabled' {
    if (!this.config.jobs.workers) return 'disabled';
    return this.started ? 'up' : 'down';
  }

  /** Before the database pool closes (TypeORM closes it on application shutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Waits for running handlers (up to the timeout); what it cuts is retried after expiry.
    const workers = [...this.jobWorkers.values()].flat();
    const ended = await Promise.all(workers.map((w) => w.stop(STOP_TIMEOUT_MS)));
    if (ended.includes(false))
      this.logger.warn(
        `job workers still running after ${STOP_TIMEOUT_MS} ms: their jobs will be retried`,
      );
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: STOP_TIMEOUT_MS });
  }

  /**
   * Sends a job: in the current unit of work's transaction when one is open (it then exists only
   * if that commits), else on its own. Undefined when the queue's policy dropped it as a duplicate.
   */
  async send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options: SendJobOptions = {},
  ): Promise<string | undefined> {
    const db = this.repo.transactionConnection();
    const id = await this.boss.send(name, withOwner(data, options.owner), {
      priority: priorityOf(options),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(db ? { db } : {}),
    });
    if (id) this.notifyWorkers(name);
    return id ?? undefined;
  }

  /**
   * Workers of this process start on new jobs now rather than at their next poll (after the
   * commit, when sent in a transaction: uncommitted jobs are not visible yet).
   */
  private notifyWorkers(name: JobName): void {
    const workers = this.jobWorkers.get(name) ?? [];
    if (workers.length > 0) this.uow.afterCommitOrNow(() => workers.forEach((w) => w.notify()));
  }

  /**
   * Sends many jobs of one kind at once (as `send`: in the open transaction, if any); duplicates
   * of a waiting job's singleton key are dropped.
   */
  async sendMany<N extends JobName>(
    name: N,
    jobs: {
      data: JobPayloads[N];
      priority?: number;
      singletonKey?: string;
      /** Not before this many seconds after the send (database time). */
      delaySeconds?: number;
      owner?: JobOwner;
    }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((j) => ({
        name,
        data: withOwner(j.data, j.owner),
        priority: priorityOf(j),
        ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}),
        // pg-boss adds an interval it is given as text to now(); whole seconds, rounded up: a
        // job never starts before it is due.
        ...(j.delaySeconds ? { startAfter: `${Math.ceil(j.delaySeconds)} seconds` } : {}),
      })),
      { db: this.repo.transactionConnection() },
    );
    if (JOB_QUEUES[name].policy === 'stately')
      await this.raiseWaiting(
        name,
        jobs.filter((j) => !j.owner?.sandbox),
      );
    this.notifyWorkers(name);
  }

  /**
   * A stately queue drops a job whose key already waits: the waiting one takes the higher
   * priority instead (an order for a design whose proof waits at Normal must not wait with it).
   * Never a sandbox client's job: those stay at the lowest priority.
   */
  private async raiseWaiting(
    name: JobName,
    jobs: { priority?: number; singletonKey?: string }[],
  ): Promise<void> {
    const keyed = jobs.filter((j) => j.singletonKey && (j.priority ?? DEFAULT_JOB_PRIORITY) > 0);
    if (keyed.length === 0) return;
    await this.repo.raiseWaiting(
      name,
      keyed.map((j) => j.singletonKey!),
      keyed.map((j) => j.priority ?? DEFAULT_JOB_PRIORITY),
    );
  }

  /** Which of these singleton keys a waiting (created or to be retried) job of `name` has. */
  waitingKeys(name: JobName, keys: readonly string[]): Promise<Set<string>> {
    return this.repo.waitingKeys(name, keys);
  }

  /** Jobs waiting (created or to be retried) and running, per queue. */
  async depth(): Promise<QueueDepth> {
    const out = {} as QueueDepth;
    for (const name of Object.keys(JOB_QUEUES) as JobName[]) {
      const active = await this.boss.getQueueSize(name, { before: 'completed' });
      const queued = await this.boss.getQueueSize(name, { before: 'active' });
      out[name] = { queued, active: active - queued };
    }
    return out;
  }

  /** Queued, active and failed jobs and the oldest due job's wait, per queue (`jobs stats`). */
  stats(): Promise<QueueStats[]> {
    return this.repo.stats(Object.keys(JOB_QUEUES));
  }

  /** Jobs whose retries are exhausted, newest first. */
  async failed(limit = 100): Promise<FailedJob[]> {
    const rows = await this.repo.failed(limit);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      data: r.data,
      retryCount: r.retry_count,
      error: r.error,
      completedOn: r.completed_on?.toISOString() ?? null,
    }));
  }

  /**
   * Queues failed jobs again, each with a new round of attempts: those named (ids of `failed`),
   * or all of them. Answers the ids queued (an id that is not a failed job is left out).
   */
  async retryFailed(ids: 'all' | string[]): Promise<string[]> {
    const rows = await this.repo.failedAmong(ids);
    const byName = new Map<JobName, string[]>();
    for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
    for (const [name, named] of byName) await this.boss.retry(name, named);
    return rows.map((r) => r.id);
  }
}

/** The payload as stored: with its owner, when it has one. */
function withOwner<T>(data: T, owner: JobOwner | undefined): T | (T & { owner: JobOwner }) {
  return owner ? { ...data, owner: { clientId: owner.clientId, sandbox: owner.sandbox } } : data;
}

/** A sandbox client's job runs at the lowest priority, whatever it asked for. */
function priorityOf(options: { priority?: number; owner?: JobOwner }): number {
  if (options.owner?.sandbox) return SANDBOX_JOB_PRIORITY;
  return options.priority ?? DEFAULT_JOB_PRIORITY;
}
