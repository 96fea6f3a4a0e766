import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ClientAccountEntity } from '../clients/entities/client-account.entity';
import { insertRows } from '../common/persistence/bulk-insert';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { EventEntity } from './entities';

/** Events, the per-client position counter and the per-order sequences. In the open transaction. */
@Injectable()
export class EventLogRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Takes `count` positions of the client's log: the last one is answered. The counter's row stays
   * locked until the transaction ends, so the client's events commit in position order.
   */
  async takePositions(clientId: string, count: number): Promise<number> {
    const [row] = await this.uow.manager.query<{ last: string }[]>(
      `INSERT INTO event_log_head (client_id, last_position) VALUES ($1, $2)
       ON CONFLICT (client_id) DO UPDATE SET last_position = event_log_head.last_position + $2
       RETURNING last_position AS last`,
      [clientId, count],
    );
    return Number(row.last);
  }

  /**
   * Takes the next sequence numbers of the client's purchase orders (`counts`: how many each);
   * answers the last one taken per order.
   */
  async takeSequences(clientId: string, counts: Map<string, number>): Promise<Map<string, number>> {
    if (counts.size === 0) return new Map();
    const orders = [...counts.keys()].sort();
    const rows = await this.uow.manager.query<{ po: string; last: number }[]>(
      `INSERT INTO event_sequence (client_id, purchase_order_number, last_sequence)
       SELECT $1, po, n FROM unnest($2::text[], $3::int[]) AS v(po, n)
       ON CONFLICT (client_id, purchase_order_number)
       DO UPDATE SET last_sequence = event_sequence.last_sequence + excluded.last_sequence
       RETURNING purchase_order_number AS po, last_sequence AS last`,
      [clientId, orders, orders.map((po) => counts.get(po))],
    );
    return new Map(rows.map((r) => [r.po, r.last]));
  }

  async handles(clientIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.uow.manager.find(ClientAccountEntity, {
      where: clientIds.map((id) => ({ id })),
      select: { id: true, handle: true },
    });
    return new Map(rows.map((r) => [r.id, r.handle]));
  }

  async insert(events: EventEntity[]): Promise<void> {
    await insertRows(this.uow.manager, { target: EventEntity, rows: events });
  }

  find(publicId: string): Promise<EventEntity | null> {
    return this.uow.manager.findOne(EventEntity, { where: { publicId } });
  }

  async publicIds(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.uow.manager.find(EventEntity, {
      where: { id: In([...ids]) },
      select: { id: true, publicId: true },
    });
    return new Map(rows.map((r) => [r.id, r.publicId]));
  }

  byId(id: string): Promise<EventEntity | null> {
    return this.uow.manager.findOne(EventEntity, { where: { id } });
  }

  /** The client's events after `after`, oldest first, optionally of one type or order. */
  page(
    clientId: string,
    filter: { after: string; limit: number; type?: string; purchaseOrderNumber?: string },
  ): Promise<EventEntity[]> {
    const q = this.uow.manager
      .createQueryBuilder(EventEntity, 'e')
      .where('e.client_id = :clientId AND e.position > :after', {
        clientId,
        after: filter.after,
      });
    if (filter.type) q.andWhere('e.type = :type', { type: filter.type });
    if (filter.purchaseOrderNumber)
      q.andWhere('e.purchase_order_number = :po', { po: filter.purchaseOrderNumber });
    return q.orderBy('e.position', 'ASC').limit(filter.limit).getMany();
  }

  /** The client's events created in [since, until), oldest first, at most `limit`. */
  window(clientId: string, since: Date, until: Date, limit: number): Promise<EventEntity[]> {
    return this.uow.manager
      .createQueryBuilder(EventEntity, 'e')
      .where('e.client_id = :clientId AND e.created_at >= :since AND e.created_at < :until', {
        clientId,
        since,
        until,
      })
      .orderBy('e.position', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Deletes up to `batch` events created before `before` (their attempts go with them). */
  async deleteOlderThan(before: Date, batch: number): Promise<number> {
    const [, count] = await this.uow.manager.query<[unknown[], number]>(
      `DELETE FROM event WHERE id IN (SELECT id FROM event WHERE created_at < $1 LIMIT $2)`,
      [before, batch],
    );
    return count;
  }
}
