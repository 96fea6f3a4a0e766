import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

type AfterCommit = () => Promise<void> | void;

export interface Transaction {
  readonly manager: EntityManager;
  /** Runs `effect` once the transaction has committed (never on rollback). */
  afterCommit(effect: AfterCommit): void;
}

/**
 * Runs a unit of work in one transaction and hands its EntityManager to repositories. Side effects
 * (queue jobs, e-mails) registered with `afterCommit` are dispatched only after a successful commit.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger(UnitOfWork.name);

  constructor(private readonly dataSource: DataSource) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const effects: AfterCommit[] = [];
    const result = await this.dataSource.transaction((manager) =>
      work({ manager, afterCommit: (effect) => effects.push(effect) }),
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
