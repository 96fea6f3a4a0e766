import { Injectable, Logger } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

type AfterCommit = () => Promise<void> | void;

export interface Transaction {
  /** Runs `effect` once the transaction has committed (never on rollback). */
  afterCommit(effect: AfterCommit): void;
}

interface OpenTransaction {
  manager: EntityManager;
  effects: AfterCommit[];
}

/**
 * Runs a unit of work in one transaction; repositories take its EntityManager from `manager`, so
 * whatever they run inside `run` belongs to the transaction without being handed it. Side effects
 * (queue jobs, e-mails) registered with `afterCommit` are dispatched only after a successful commit.
 * A unit of work started inside another one (in the same async call chain) joins it: everything
 * commits or rolls back together, and the effects wait for the outermost commit. The Idempotency-Key
 * interceptor relies on this to store a response in the same transaction as the work it answers.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger(UnitOfWork.name);
  private readonly current = new AsyncLocalStorage<OpenTransaction>();

  constructor(private readonly dataSource: DataSource) {}

  /** The open transaction's EntityManager in this async call chain; outside one, the default. */
  get manager(): EntityManager {
    return this.current.getStore()?.manager ?? this.dataSource.manager;
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    if (outer) {
      return work({ afterCommit: (effect) => outer.effects.push(effect) });
    }
    const effects: AfterCommit[] = [];
    const result = await this.dataSource.transaction((manager) =>
      this.current.run({ manager, effects }, () =>
        work({ afterCommit: (effect) => effects.push(effect) }),
      ),
    );
    for (const effect of effects) {
      try {
        await effect();
      } catch (err) {
        // The data is committed; a failed side effect must not turn the response into an error.
        this.logger.error({ err }, 'after-commit effect failed');
      }
    }
    return result;
  }
}
