import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { MessageDailyCountEntity } from './message-daily-count.entity';

/** Counts per client, UTC day and kind (`message_daily_count`). Inside a unit of work, in its transaction. */
@Injectable()
export class DailyCountsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Adds `count` to the day's count unless the sum passes `limit`, in one statement (the upsert
   * locks the day's row, so concurrent callers wait for each other): the new total, or undefined
   * when it would pass.
   */
  async addBelow(
    clientId: string,
    day: string,
    kind: string,
    count: number,
    limit: number,
  ): Promise<number | undefined> {
    const rows = await this.uow.manager.query<{ count: number }[]>(
      `INSERT INTO message_daily_count (client_id, day, kind, count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (client_id, day, kind) DO UPDATE
         SET count = message_daily_count.count + EXCLUDED.count
         WHERE message_daily_count.count + EXCLUDED.count <= $5
       RETURNING count`,
      [clientId, day, kind, count, limit],
    );
    return rows[0]?.count;
  }

  async countOf(clientId: string, day: string, kind: string): Promise<number> {
    const row = await this.uow.manager.findOne(MessageDailyCountEntity, {
      where: { clientId, day, kind },
    });
    return row?.count ?? 0;
  }
}
