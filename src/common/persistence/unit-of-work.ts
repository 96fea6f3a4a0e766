import { Injectable, Logger } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, QueryResultRow } from 'pg';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

type AfterCommit = () => Promise<void> | void;

export interface Transaction {
  /** Runs `effect` once the transaction has committed (never on rollback). */
  afterCommit(effect: AfterCommit): void;
  /**
   * Adds `items` to the transaction's batch named `key`; the first addition registers `flush`,
   * which runs once with every item added (in order), in the transaction, right before it
   * commits. So work that several steps of one unit of work add to (the events they record) is
   * written in one statement; a failing flush rolls the whole unit back.
   */
  batch<T>(key: symbol, items: readonly T[], flush: (items: T[]) => Promise<void>): void;
}

/** What a lazily opened unit of work does at its edges (see `lazily`). */
export interface LazyHooks<T, R> {
  /** Runs first in the transaction, as soon as it opens. */
  begin(): Promise<void>;
  /** Runs last in the transaction, before the commit, with the work's result. */
  end(result: T): Promise<R>;
}

interface Scope {
  runner?: QueryRunner;
  opening?: Promise<void>;
  begin?: () => Promise<void>;
  effects: AfterCommit[];
  /** Batches written right before the commit, in the order they were started. */
  batches: Map<symbol, { items: unknown[]; flush: (items: unknown[]) => Promise<void> }>;
}

/**
 * Runs a unit of work in one transaction; repositories take its EntityManager from `manager`, so
 * whatever they run inside `run` belongs to the transaction without being handed it. Side effects
 * (queue jobs, e-mails) registered with `afterCommit` are dispatched only after a successful commit.
 * A unit of work started inside another one (in the same async call chain) joins it: everything
 * commits or rolls back together, and the effects wait for the outermost commit.
 *
 * `lazily` opens the transaction only when the work first needs it: the Idempotency-Key
 * interceptor wraps a whole request in one, so that its claim, the route's work and the stored
 * response commit together, while validating the request holds no pool connection.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger(UnitOfWork.name);
  private readonly current = new AsyncLocalStorage<Scope>();

  constructor(private readonly dataSource: DataSource) {}

  /** The open transaction's EntityManager in this async call chain; outside one, the default. */
  get manager(): EntityManager {
    return this.current.getStore()?.runner?.manager ?? this.dataSource.manager;
  }

  /**
   * The rows of one read statement: in the open transaction of this async call chain when there
   * is one; otherwise straight on the driver's pool (one connection taken and given back by
   * `pg`), without TypeORM's query runner around it, which cost about a fifth of the web-to-print
   * status read (bench/README.md). For the reads that hot routes run on every request.
   */
  async read<T>(sql: string, params: unknown[]): Promise<T[]> {
    const runner = this.current.getStore()?.runner;
    if (runner) return runner.manager.query<T[]>(sql, params);
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    return (await pool.query<T & QueryResultRow>(sql, params)).rows;
  }

  /** Whether a transaction of a unit of work is open in this async call chain. */
  get inTransaction(): boolean {
    return this.current.getStore()?.runner?.isTransactionActive ?? false;
  }

  /**
   * Runs `effect` after the open transaction of this async call chain commits (never on
   * rollback), or now when there is none.
   */
  afterCommitOrNow(effect: AfterCommit): void {
    const scope = this.current.getStore();
    if (scope?.runner) scope.effects.push(effect);
    else void Promise.resolve().then(effect);
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    const join = async (scope: Scope): Promise<T> => {
      await this.open(scope);
      return work({
        afterCommit: (effect) => scope.effects.push(effect),
        batch: (key, items, flush) => {
          const open = scope.batches.get(key);
          if (open) open.items.push(...items);
          else
            scope.batches.set(key, {
              items: [...items],
              flush: flush as (items: unknown[]) => Promise<void>,
            });
        },
      });
    };
    return outer ? join(outer) : this.scoped({ effects: [], batches: new Map() }, join);
  }

  /**
   * `work` in a unit of work whose transaction opens at its first `run` (or, if it never runs one,
   * for `end`): `begin` runs first in it, `end` last, and everything commits together.
   */
  lazily<T, R>(hooks: LazyHooks<T, R>, work: () => Promise<T>): Promise<R> {
    return this.scoped({ effects: [], batches: new Map(), begin: hooks.begin }, async (scope) => {
      const result = await work();
      await this.open(scope);
      return hooks.end(result);
    });
  }

  private async scoped<T>(scope: Scope, work: (scope: Scope) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.current.run(scope, async () => {
        const done = await work(scope);
        await this.flushBatches(scope);
        return done;
      });
    } catch (err) {
      await this.close(scope, false).catch((closeErr: unknown) =>
        this.logger.error({ err: closeErr }, 'rollback failed'),
      );
      throw err;
    }
    await this.close(scope, true);
    for (const effect of scope.effects) {
      try {
        await effect();
      } catch (err) {
        // The data is committed; a failed side effect must not turn the response into an error.
        this.logger.error({ err }, 'after-commit effect failed');
      }
    }
    return result;
  }

  /** Writes the scope's batches, in the transaction (a flush may start another batch). */
  private async flushBatches(scope: Scope): Promise<void> {
    while (scope.batches.size > 0) {
      const [key, { items, flush }] = scope.batches.entries().next().value!;
      scope.batches.delete(key);
      await flush(items);
    }
  }

  /** Opens the scope's transaction once (concurrent callers wait for the same opening). */
  private async open(scope: Scope): Promise<void> {
    scope.opening ??= (async () => {
      const runner = this.dataSource.createQueryRunner();
      try {
        await runner.startTransaction();
      } catch (err) {
        await runner.release();
        throw err;
      }
      scope.runner = runner;
      await scope.begin?.();
    })();
    await scope.opening;
  }

  private async close(scope: Scope, commit: boolean): Promise<void> {
    const runner = scope.runner;
    if (!runner) return;
    scope.runner = undefined;
    try {
      if (commit) await runner.commitTransaction();
      else if (runner.isTransactionActive) await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
  }
}
