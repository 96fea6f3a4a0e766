import { AsyncLocalStorage } from 'node:async_hooks';
import { Transaction, UnitOfWork } from '../../src/common/persistence/unit-of-work';
import { strictMock } from './strict-mock';

type Effect = () => Promise<void> | void;

/**
 * A unit of work without a database, for unit specs of services over fake repositories: `run`
 * is one transaction per async call chain (a nested `run` joins it) that commits when its work
 * ends and rolls back when it throws; `afterCommitOrNow` effects wait for that commit (dropped on
 * a rollback), or run on the next microtask outside a transaction, as the real one's do.
 * `inTransaction` tells a fake repository whether it is called inside one; `events` lists the
 * commits, rollbacks and effects in the order they happened.
 */
export class FakeUnitOfWork {
  readonly events: string[] = [];
  private readonly current = new AsyncLocalStorage<{ effects: Effect[] }>();

  /** The fake as the UnitOfWork a service takes (anything else it touches throws). */
  get uow(): UnitOfWork {
    return strictMock<UnitOfWork>(
      {
        run: <T>(work: (tx: Transaction) => Promise<T>) => this.run(work),
        afterCommitOrNow: (effect: Effect) => this.afterCommitOrNow(effect),
      },
      'uow',
    );
  }

  get inTransaction(): boolean {
    return this.current.getStore() !== undefined;
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const outer = this.current.getStore();
    const tx = (scope: { effects: Effect[] }): Transaction => ({
      afterCommit: (effect) => scope.effects.push(effect),
      batch: () => {
        throw new Error('FakeUnitOfWork does not batch');
      },
    });
    if (outer) return work(tx(outer));
    const scope = { effects: [] as Effect[] };
    let result: T;
    try {
      result = await this.current.run(scope, () => work(tx(scope)));
    } catch (err) {
      this.events.push('rollback');
      throw err;
    }
    this.events.push('commit');
    for (const effect of scope.effects) await effect();
    return result;
  }

  /**
   * A fake repository's insert, and the rows it was given (in order), each marked with whether
   * it was called in a transaction.
   */
  inserts<T extends object>() {
    const rows: (T & { inTransaction: boolean })[] = [];
    const insert = (given: T[]): Promise<void> => {
      rows.push(...given.map((r) => ({ ...r, inTransaction: this.inTransaction })));
      return Promise.resolve();
    };
    return { rows, insert };
  }

  afterCommitOrNow(effect: Effect): void {
    const scope = this.current.getStore();
    if (scope) scope.effects.push(effect);
    else void Promise.resolve().then(effect);
  }
}
