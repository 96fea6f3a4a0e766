import { Injectable } from '@nestjs/common';
import { DailyCountsRepository } from './daily-counts.repository';

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
  constructor(private readonly counts: DailyCountsRepository) {}

  async claim(
    clientId: string,
    kind: string,
    count: number,
    limit: number,
    now: Date,
  ): Promise<QuotaClaim> {
    const day = utcDay(now);
    if (count <= limit) {
      const total = await this.counts.addBelow(clientId, day, kind, count, limit);
      if (total !== undefined) return { granted: true, total };
    }
    return { granted: false, usedToday: await this.counts.countOf(clientId, day, kind) };
  }

  /** The count of `kind` of the UTC day of `now` (a look before work a refused claim would waste). */
  usedToday(clientId: string, kind: string, now: Date): Promise<number> {
    return this.counts.countOf(clientId, utcDay(now), kind);
  }
}

/** `YYYY-MM-DD` of `at` in UTC. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
