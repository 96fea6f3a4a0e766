import { EntityManager } from 'typeorm';

/** One queue's jobs as `jobs stats` shows them. */
export interface QueueStats {
  queue: string;
  /** Waiting: created or to be retried, due or not. */
  queued: number;
  /** Being run by a worker. */
  active: number;
  /** Retries spent (until `jobs retry` or the queue's retention removes them). */
  failed: number;
  /** How long the longest-waiting due job has waited, in seconds; null when none waits. */
  oldestQueuedSeconds: number | null;
}

/**
 * Counts the jobs of each queue in pg-boss's job table (`schema`.job) by state, with the age of
 * the oldest due waiting job measured from when it became due (its send, or its retry's time).
 * Every queue in `names` is answered, with zeros when it has no jobs.
 */
export async function readQueueStats(
  manager: EntityManager,
  schema: string,
  names: readonly string[],
): Promise<QueueStats[]> {
  const rows = await manager.query<
    { name: string; queued: string; active: string; failed: string; oldest: string | null }[]
  >(
    `SELECT name,
            count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
            count(*) FILTER (WHERE state = 'active') AS active,
            count(*) FILTER (WHERE state = 'failed') AS failed,
            EXTRACT(EPOCH FROM now() - min(start_after)
              FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())) AS oldest
       FROM ${schema}.job
      WHERE name = ANY($1::text[])
      GROUP BY name`,
    [[...names]],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return names.map((queue) => {
    const r = byName.get(queue);
    return {
      queue,
      queued: Number(r?.queued ?? 0),
      active: Number(r?.active ?? 0),
      failed: Number(r?.failed ?? 0),
      oldestQueuedSeconds: r?.oldest == null ? null : Math.max(0, Math.floor(Number(r.oldest))),
    };
  });
}
