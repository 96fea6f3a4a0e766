import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../persistence/unit-of-work';
import type { JobName } from './job-registry';

/** The schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = 'pgboss';

/** A statement on a pool connection (pg's Pool behind TypeORM), as pg-boss and fair takes run them. */
export type PoolQuery = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** A connection as pg-boss takes one: statements (some several to a string) as it expects. */
export interface SqlConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** One queue's jobs as `jobs stats` shows them. */
export interface QueueStats {
  queue: string;
  /** Waiting: created or to be retried, due or not. */
  queued: number;
  /** Being run by a worker. */
  active: number;
  /** Retries spent (until `jobs retry` or the queue's retention removes them). */
  failed: number;
  /** How long the longest-waiting due job has waited, in seconds; null when none waits. */
  oldestQueuedSeconds: number | null;
}

/** A job whose retries are spent, as stored. */
export interface FailedJobRow {
  id: string;
  name: string;
  data: unknown;
  retry_count: number;
  error: string | null;
  completed_on: Date | null;
}

/**
 * The statements of the job queue over pg-boss's tables (`pgboss.job`) that pg-boss does not make
 * itself, and the connections it runs on: the pool's, and the open transaction's of a unit of
 * work (a job sent there exists exactly when the transaction commits).
 */
@Injectable()
export class JobsRepository {
  /** pg's Pool behind TypeORM. */
  readonly pool: { query: PoolQuery };

  constructor(
    dataSource: DataSource,
    private readonly uow: UnitOfWork,
  ) {
    this.pool = (dataSource.driver as unknown as { master: { query: PoolQuery } }).master;
  }

  /** The open transaction's connection, if a unit of work has one open in this call chain. */
  transactionConnection(): SqlConnection | undefined {
    const runner = this.uow.manager.queryRunner;
    if (!runner?.isTransactionActive) return undefined;
    return {
      executeSql: async (text, values) => ({
        rows: (await runner.query(text, values, true)).records ?? [],
      }),
    };
  }

  /**
   * Waiting (created or to be retried) jobs of `name` with one of `keys` take the priority given
   * beside it when it is higher; never a sandbox client's job.
   */
  async raiseWaiting(name: JobName, keys: string[], priorities: number[]): Promise<void> {
    await this.uow.manager.query(
      `UPDATE ${JOBS_SCHEMA}.job j SET priority = v.priority
         FROM unnest($2::text[], $3::int[]) AS v(key, priority)
        WHERE j.name = $1 AND j.singleton_key = v.key AND j.state IN ('created', 'retry')
          AND j.priority < v.priority AND j.data->'owner'->>'sandbox' IS DISTINCT FROM 'true'`,
      [name, keys, priorities],
    );
  }

  /** Which of these singleton keys a waiting (created or to be retried) job of `name` has. */
  async waitingKeys(name: JobName, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.uow.manager.query<{ key: string }[]>(
      `SELECT singleton_key AS key FROM ${JOBS_SCHEMA}.job
        WHERE name = $1 AND state IN ('created', 'retry') AND singleton_key = ANY($2::text[])`,
      [name, [...keys]],
    );
    return new Set(rows.map((r) => r.key));
  }

  /**
   * Counts the jobs of each queue by state, with the age of the oldest due waiting job measured
   * from when it became due (its send, or its retry's time). Every queue in `names` is answered,
   * with zeros when it has no jobs.
   */
  async stats(names: readonly string[]): Promise<QueueStats[]> {
    const rows = await this.uow.manager.query<
      { name: string; queued: string; active: string; failed: string; oldest: string | null }[]
    >(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
              count(*) FILTER (WHERE state = 'active') AS active,
              count(*) FILTER (WHERE state = 'failed') AS failed,
              EXTRACT(EPOCH FROM now() - min(start_after)
                FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())) AS oldest
         FROM ${JOBS_SCHEMA}.job
        WHERE name = ANY($1::text[])
        GROUP BY name`,
      [[...names]],
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return names.map((queue) => {
      const r = byName.get(queue);
      return {
        queue,
        queued: Number(r?.queued ?? 0),
        active: Number(r?.active ?? 0),
        failed: Number(r?.failed ?? 0),
        oldestQueuedSeconds: r?.oldest == null ? null : Math.max(0, Math.floor(Number(r.oldest))),
      };
    });
  }

  /** Jobs whose retries are spent, newest first. */
  failed(limit: number): Promise<FailedJobRow[]> {
    return this.uow.manager.query<FailedJobRow[]>(
      `SELECT id, name, data, retry_count, output->>'message' AS error, completed_on
         FROM ${JOBS_SCHEMA}.job WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
      [limit],
    );
  }

  /** The failed jobs among `ids` (all of them for `'all'`), with their queue. */
  failedAmong(ids: 'all' | string[]): Promise<{ id: string; name: JobName }[]> {
    return this.uow.manager.query<{ id: string; name: JobName }[]>(
      `SELECT id, name FROM ${JOBS_SCHEMA}.job
        WHERE state = 'failed' AND ($1::uuid[] IS NULL OR id = ANY($1::uuid[]))`,
      [ids === 'all' ? null : ids],
    );
  }
}
