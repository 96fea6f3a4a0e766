import { FairTurns, WaitingHead } from './fair-turns';
import { TakenJob } from './job-worker';

/** A statement on the pool pg-boss uses (outside any unit of work). */
export type SqlQuery = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** How many heads a take tries when other workers claim the first ones in the meantime. */
const CLAIM_TRIES = 5;

/**
 * Takes the next job of a fair queue in pg-boss's job table (`schema`.job), for a worker of this
 * process: reads each client's first due job (its highest priority, oldest first; for a stately
 * queue, not one whose key is already running) and how many of each client's jobs run, lets
 * `turns` choose, and claims the chosen job as pg-boss's own fetch would (active, started now, a
 * retry counted). A job another worker claimed first is passed for the next head.
 *
 * The owner is the job's `data.owner` (JobQueue writes it): jobs without one share the owner ''.
 */
export async function takeFairly(
  query: SqlQuery,
  schema: string,
  name: string,
  turns: FairTurns,
  perClient: number,
): Promise<TakenJob | undefined> {
  const heads = (
    (
      await query(
        `SELECT DISTINCT ON (owner) id, owner, sandbox,
                (EXTRACT(EPOCH FROM created_on) * 1000)::float8 AS queued_at
           FROM (SELECT j.id, j.priority, j.created_on,
                        COALESCE(j.data->'owner'->>'clientId', '') AS owner,
                        COALESCE(j.data->'owner'->>'sandbox' = 'true', false) AS sandbox
                   FROM ${schema}.job j
                  WHERE j.name = $1 AND j.state < 'active' AND j.start_after < now()
                    AND (j.policy IS DISTINCT FROM 'stately' OR j.singleton_key IS NULL
                         OR NOT EXISTS (SELECT 1 FROM ${schema}.job a
                                         WHERE a.name = $1 AND a.state = 'active'
                                           AND a.singleton_key = j.singleton_key))) w
          ORDER BY owner, priority DESC, created_on, id`,
        [name],
      )
    ).rows as { id: string; owner: string; sandbox: boolean; queued_at: number }[]
  ).map((r): WaitingHead => ({
    id: r.id,
    owner: r.owner,
    sandbox: r.sandbox,
    queuedAt: Number(r.queued_at),
  }));
  if (heads.length === 0) return undefined;
  const running = (
    await query(
      `SELECT COALESCE(data->'owner'->>'clientId', '') AS owner, count(*)::int AS n
         FROM ${schema}.job WHERE name = $1 AND state = 'active' GROUP BY 1`,
      [name],
    )
  ).rows as { owner: string; n: number }[];
  const active = new Map(running.map((r) => [r.owner, Number(r.n)]));
  for (const head of turns.order(heads, active, perClient).slice(0, CLAIM_TRIES)) {
    const job = await claim(query, schema, name, head.id);
    if (job) {
      turns.took(head.owner);
      return job;
    }
  }
  return undefined;
}

async function claim(
  query: SqlQuery,
  schema: string,
  name: string,
  id: string,
): Promise<TakenJob | undefined> {
  try {
    const { rows } = await query(
      `UPDATE ${schema}.job
          SET state = 'active', started_on = now(),
              retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
        WHERE name = $1 AND id = $2 AND state < 'active' AND start_after < now()
        RETURNING id, data, priority, retry_count AS "retryCount"`,
      [name, id],
    );
    return rows[0] as TakenJob | undefined;
  } catch (err) {
    // Another job of the same key started meanwhile (a stately queue's unique index): not now.
    if ((err as { code?: string }).code === '23505') return undefined;
    throw err;
  }
}
