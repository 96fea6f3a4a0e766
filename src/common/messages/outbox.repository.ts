import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../persistence/unit-of-work';
import { OutboxMessageEntity, OutboxStatus } from './outbox-message.entity';

export type NewOutboxMessage = Omit<
  OutboxMessageEntity,
  'client' | 'attempts' | 'lastError' | 'sentAt'
>;

/** Outbox rows. Inside a unit of work, in its transaction. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(rows: NewOutboxMessage[]): Promise<void> {
    if (rows.length > 0) await this.uow.manager.insert(OutboxMessageEntity, rows);
  }

  find(id: string): Promise<OutboxMessageEntity | null> {
    return this.uow.manager.findOne(OutboxMessageEntity, { where: { id } });
  }

  async sent(id: string, at: Date): Promise<void> {
    await this.uow.manager.update(
      OutboxMessageEntity,
      { id },
      { status: 'sent', sentAt: at, lastError: null, attempts: () => 'attempts + 1' },
    );
  }

  /** An attempt failed: `failed` ends it, else it stays queued for the job's retry. */
  async attemptFailed(id: string, error: string, failed: boolean): Promise<void> {
    await this.uow.manager.update(
      OutboxMessageEntity,
      { id },
      {
        status: failed ? 'failed' : 'queued',
        lastError: error.slice(0, 500),
        attempts: () => 'attempts + 1',
      },
    );
  }

  /** The newest messages, optionally of one status. */
  latest(limit: number, status?: OutboxStatus): Promise<OutboxMessageEntity[]> {
    return this.uow.manager.find(OutboxMessageEntity, {
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
