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
   * `count` positions (ascending) and the id of the open transaction, for the events it writes.
   * Neither locks anything: concurrent writers do not wait for each other.
   */
  async takePositions(count: number): Promise<{ txid: string; positions: string[] }> {
    const [row] = await this.uow.manager.query<{ txid: string; positions: string[] }[]>(
      `SELECT pg_current_xact_id()::text AS txid,
              ARRAY(SELECT nextval('event_position_seq')::text FROM generate_series(1, $1)) AS positions`,
      [count],
    );
    return row;
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

  /**
   * The client's events after the cursor `after` (txid, position), in that order, optionally of
   * one type or order: only those of transactions older than the oldest one still running. A
   * transaction that commits late has a txid at or above that horizon, so it is not passed over:
   * its events come after every event already read.
   */
  page(
    clientId: string,
    filter: {
      after: { txid: string; position: string };
      limit: number;
      type?: string;
      purchaseOrderNumber?: string;
    },
  ): Promise<EventEntity[]> {
    const q = this.uow.manager
      .createQueryBuilder(EventEntity, 'e')
      .where('e.client_id = :clientId', { clientId })
      .andWhere('(e.txid, e.position) > (:txid, :position)', filter.after)
      .andWhere('e.txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint');
    if (filter.type) q.andWhere('e.type = :type', { type: filter.type });
    if (filter.purchaseOrderNumber)
      q.andWhere('e.purchase_order_number = :po', { po: filter.purchaseOrderNumber });
    return q.orderBy('e.txid', 'ASC').addOrderBy('e.position', 'ASC').limit(filter.limit).getMany();
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
