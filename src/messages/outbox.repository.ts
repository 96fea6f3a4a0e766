import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { OutboxMessageEntity, OutboxStatus } from './outbox-message.entity';

export type NewOutboxMessage = Omit<
  OutboxMessageEntity,
  'client' | 'attempts' | 'lastError' | 'sentAt' | 'claimedUntil'
>;

/** Outbox rows. Inside a unit of work, in its transaction. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(rows: NewOutboxMessage[]): Promise<void> {
    if (rows.length > 0) await this.uow.manager.insert(OutboxMessageEntity, rows);
  }

  /** Messages not sent (queued, held, failed), by status and kind: read on each /metrics scrape. */
  countUnsent(): Promise<{ status: OutboxStatus; kind: string; count: number }[]> {
    return this.uow.manager
      .createQueryBuilder(OutboxMessageEntity, 'm')
      .select('m.status', 'status')
      .addSelect('m.kind', 'kind')
      .addSelect('count(*)::int', 'count')
      .where(`m.status <> 'sent'`)
      .groupBy('m.status')
      .addGroupBy('m.kind')
      .getRawMany();
  }

  find(id: string): Promise<OutboxMessageEntity | null> {
    return this.uow.manager.findOne(OutboxMessageEntity, { where: { id } });
  }

  /**
   * Claims a queued message for one attempt for `seconds` (database time); false when it is not
   * queued, or another attempt holds it.
   */
  async claim(id: string, seconds: number): Promise<boolean> {
    const result = await this.uow.manager
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ claimedUntil: () => `now() + make_interval(secs => ${Math.floor(seconds)})` })
      .where('id = :id AND status = :queued', { id, queued: 'queued' })
      .andWhere('(claimed_until IS NULL OR claimed_until < now())')
      .execute();
    return result.affected === 1;
  }

  async sent(id: string, at: Date): Promise<void> {
    await this.uow.manager.update(
      OutboxMessageEntity,
      { id },
      {
        status: 'sent',
        sentAt: at,
        lastError: null,
        claimedUntil: null,
        attempts: () => 'attempts + 1',
      },
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
        claimedUntil: null,
        attempts: () => 'attempts + 1',
      },
    );
  }

  /** The newest messages, optionally of one status. */
  latest(limit: number, status?: OutboxStatus, clientId?: string): Promise<OutboxMessageEntity[]> {
    return this.uow.manager.find(OutboxMessageEntity, {
      where: { ...(status ? { status } : {}), ...(clientId ? { clientId } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
