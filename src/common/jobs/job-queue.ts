import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { retryDeadlocks } from '../persistence/pg-errors';
import { UnitOfWork } from '../persistence/unit-of-work';
import { JOBS_SCHEMA, JobsRepository, QueueStats } from './jobs.repository';
import { CommonSettings } from '../settings/common-settings';
import { SqlQuery } from './fair-take';
import { JobHandler } from './job-handlers';
import { DEFAULT_JOB_PRIORITY, JOB_QUEUES, JobName, JobPayloads } from './job-registry';
import { JobMetrics, QueueDepth } from './job-metrics';
import { JobSource, JobWorkers } from './job-workers';
import { JobToSend, priorityOf, SendJobOptions, withOwner } from './send-options';

/** How often a queue's creation that deadlocked with another process's is tried, in all. */
const QUEUE_SETUP_ATTEMPTS = 5;

/** How long stopping waits for running jobs. */
const STOP_TIMEOUT_MS = 10_000;

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
 * process when WORKERS is true (job-workers.ts); many processes on one database share the work
 * (SKIP LOCKED).
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly jobWorkers: JobWorkers;
  private started = false;

  constructor(
    private readonly config: CommonSettings,
    private readonly repo: JobsRepository,
    uow: UnitOfWork,
    metrics: MetricsRegistry,
  ) {
    const jobMetrics = new JobMetrics(metrics.registry, () => this.depth());
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
    const source: JobSource = {
      fetch: async (name) => {
        const [job] = await this.boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true });
        return job;
      },
      complete: async (name, id) => {
        await this.boss.complete(name, id);
      },
      fail: async (name, id, message) => {
        await this.boss.fail(name, id, { message });
      },
    };
    const query: SqlQuery = (text, values) => this.repo.pool.query(text, values);
    this.jobWorkers = new JobWorkers(config, source, query, jobMetrics, uow);
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
    this.jobWorkers.add({
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
    if (this.config.jobs.workers) this.jobWorkers.checkComplete();
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
      // Creating is ignored for a queue that exists: its settings are brought up to date. Processes
      // starting together may deadlock here: pg-boss's create_queue inserts the queue's row, then
      // adds foreign keys that reference the queue table, so two creating different queues wait
      // for each other. PostgreSQL aborts one, which creates nothing: it is run again.
      await retryDeadlocks(QUEUE_SETUP_ATTEMPTS, async () => {
        await this.boss.createQueue(name, settings);
        await this.boss.updateQueue(name, settings);
      });
    }
    this.started = true;
    if (!this.config.jobs.workers) return;
    this.jobWorkers.start();
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
    await this.jobWorkers.stop(STOP_TIMEOUT_MS);
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
    if (id) this.jobWorkers.notify(name);
    return id ?? undefined;
  }

  /**
   * Sends many jobs of one kind at once (as `send`: in the open transaction, if any); duplicates
   * of a waiting job's singleton key are dropped.
   */
  async sendMany<N extends JobName>(name: N, jobs: JobToSend<N>[]): Promise<void> {
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
    this.jobWorkers.notify(name);
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
