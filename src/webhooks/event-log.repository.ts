import { prepared } from '../common/persistence/prepared';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ClientAccountEntity } from '../clients';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { EventEntity } from './entities';

/** An event to write: its purchase order's events after it in the same write (`later`). */
export interface NewEventRow {
  id: string;
  publicId: string;
  clientId: string;
  type: string;
  purchaseOrderNumber: string | null;
  orderingKey: string | null;
  /** Without `data.sequence`: the write adds it for order events. */
  envelope: Record<string, unknown>;
  later: number | null;
}

/** Events, the per-client position counter and the per-order sequences. In the open transaction. */
@Injectable()
export class EventLogRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Writes events in one statement: takes the next sequence numbers of their purchase orders
   * (locking each order's counter until the commit, in one order), positions from the sequence
   * after those locks (so that events of one order or recipe set are positioned in commit
   * order), the transaction's id, and, with `fanOut`, lists them for the relay (EventRelay).
   * Answers each event's position, in the order given.
   */
  async append(events: readonly NewEventRow[], fanOut: boolean, at: Date): Promise<string[]> {
    if (events.length === 0) return [];
    const column = <K extends keyof NewEventRow>(key: K) => events.map((e) => e[key]);
    const rows = await this.uow.manager.query<{ id: string; position: string }[]>(
      prepared(`WITH v AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[],
                              $6::text[], $7::jsonb[], $8::int[])
                  WITH ORDINALITY AS v(id, public_id, client_id, type, po, ordering_key, envelope,
                                       later, n)
       ), s AS (
         INSERT INTO event_sequence (client_id, purchase_order_number, last_sequence)
         SELECT client_id, po, count(*) FROM v WHERE po IS NOT NULL
          GROUP BY client_id, po ORDER BY client_id, po
         ON CONFLICT (client_id, purchase_order_number)
         DO UPDATE SET last_sequence = event_sequence.last_sequence + excluded.last_sequence
         RETURNING client_id, purchase_order_number AS po, last_sequence AS last
       ), e AS (
         INSERT INTO event (id, public_id, client_id, position, txid, type, purchase_order_number,
                            ordering_key, envelope, created_at)
         SELECT v.id, v.public_id, v.client_id, nextval('event_position_seq'),
                pg_current_xact_id()::text::bigint, v.type, v.po, v.ordering_key,
                CASE WHEN s.last IS NULL THEN v.envelope
                     ELSE jsonb_set(v.envelope, '{data,sequence}', to_jsonb(s.last - v.later)) END,
                $9
           FROM v LEFT JOIN s ON s.client_id = v.client_id AND s.po = v.po
          ORDER BY v.n
         RETURNING id, position
       ), f AS (
         INSERT INTO event_fanout (position, event_id) SELECT position, id FROM e WHERE $10
       )
       SELECT id, position::text AS position FROM e`),
      [
        column('id'),
        column('publicId'),
        column('clientId'),
        column('type'),
        column('purchaseOrderNumber'),
        column('orderingKey'),
        events.map((e) => JSON.stringify(e.envelope)),
        column('later'),
        at,
        fanOut,
      ],
    );
    const positions = new Map(rows.map((r) => [r.id, r.position]));
    return events.map((e) => positions.get(e.id)!);
  }

  /** Client handles by id (a handle never changes). */
  async handles(clientIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.uow.manager.find(ClientAccountEntity, {
      where: clientIds.map((id) => ({ id })),
      select: { id: true, handle: true },
    });
    return new Map(rows.map((r) => [r.id, r.handle]));
  }

  /**
   * Takes up to `limit` events off the fan-out list, oldest first, and answers them (an event
   * purged meanwhile is not). The caller holds the relay's lock: one relay at a time takes them,
   * so events of one order or recipe set are taken in their order.
   */
  async takeFanout(limit: number): Promise<EventEntity[]> {
    const [rows] = await this.uow.manager.query<[{ event_id: string }[], number]>(
      `DELETE FROM event_fanout WHERE position IN
         (SELECT position FROM event_fanout ORDER BY position LIMIT $1)
       RETURNING event_id`,
      [limit],
    );
    if (rows.length === 0) return [];
    return this.uow.manager.find(EventEntity, {
      where: { id: In(rows.map((r) => r.event_id)) },
      order: { position: 'ASC' },
    });
  }

  /** Whether events wait to be fanned out (a cheap look before taking the relay's lock). */
  async fanoutWaiting(): Promise<boolean> {
    const rows = await this.uow.manager.query<unknown[]>(`SELECT 1 FROM event_fanout LIMIT 1`);
    return rows.length > 0;
  }

  /** The relay's lock, until the end of the transaction; false when another relay holds it. */
  async lockRelay(): Promise<boolean> {
    const [row] = await this.uow.manager.query<{ locked: boolean }[]>(
      `SELECT pg_try_advisory_xact_lock(hashtext('event-relay')) AS locked`,
    );
    return row.locked;
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

  async byIds(ids: readonly string[]): Promise<Map<string, EventEntity>> {
    if (ids.length === 0) return new Map();
    const rows = await this.uow.manager.find(EventEntity, { where: { id: In([...new Set(ids)]) } });
    return new Map(rows.map((r) => [r.id, r]));
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
