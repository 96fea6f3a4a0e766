import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { MessageDailyCountEntity } from './message-daily-count.entity';

export type QuotaClaim = { granted: true; total: number } | { granted: false; usedToday: number };

/**
 * Daily caps on the messages a client can make us send, per kind (docs/design.md §10), and on
 * other things counted per client and UTC day the same way (webhook endpoint creations). `claim`
 * counts `count` more messages of the UTC day unless that passes `limit`, in one statement: the
 * upsert locks the day's row, so concurrent requests wait for each other and cannot pass the cap
 * together. Run it in the transaction that writes the messages: a rollback gives the count back.
 */
@Injectable()
export class MessageQuota {
  constructor(private readonly uow: UnitOfWork) {}

  async claim(
    clientId: string,
    kind: string,
    count: number,
    limit: number,
    now: Date,
  ): Promise<QuotaClaim> {
    const day = now.toISOString().slice(0, 10);
    if (count <= limit) {
      const rows = await this.uow.manager.query<{ count: number }[]>(
        `INSERT INTO message_daily_count (client_id, day, kind, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (client_id, day, kind) DO UPDATE
           SET count = message_daily_count.count + EXCLUDED.count
           WHERE message_daily_count.count + EXCLUDED.count <= $5
         RETURNING count`,
        [clientId, day, kind, count, limit],
      );
      if (rows.length > 0) return { granted: true, total: rows[0].count };
    }
    return { granted: false, usedToday: await this.usedToday(clientId, kind, now) };
  }

  /** The count of `kind` of the UTC day of `now` (a look before work a refused claim would waste). */
  async usedToday(clientId: string, kind: string, now: Date): Promise<number> {
    const day = now.toISOString().slice(0, 10);
    const row = await this.uow.manager.findOne(MessageDailyCountEntity, {
      where: { clientId, day, kind },
    });
    return row?.count ?? 0;
  }
}
