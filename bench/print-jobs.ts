/** The print-files queue over a window of the print suite, read from the app's database. */
import { connect } from './lib/database';

export interface JobFigures {
  /** Jobs created in the window. */
  sent: number;
  /** Jobs completed in the window, and that per minute of it. */
  completed: number;
  completedPerMinute: number;
  /** Print-file sets stored in the window (a job for files already made makes none). */
  madeFiles: number;
  /** From creation to start, of the jobs created in the window that started. */
  lagP50S: number;
  lagP99S: number;
  /** Jobs waiting (created or to be retried) when the window ended. */
  waitingAtEnd: number;
}

export async function jobFigures(dbUrl: string, [from, to]: [Date, Date]): Promise<JobFigures> {
  const db = await connect(dbUrl, 'print-bench');
  try {
    const { rows } = await db.query<Record<string, string | null>>(
      `SELECT count(*) FILTER (WHERE created_on >= $1 AND created_on < $2) AS sent,
              count(*) FILTER (WHERE state = 'completed' AND completed_on >= $1 AND completed_on < $2) AS completed,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM started_on - created_on))
                FILTER (WHERE started_on IS NOT NULL AND created_on >= $1 AND created_on < $2) AS lag50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM started_on - created_on))
                FILTER (WHERE started_on IS NOT NULL AND created_on >= $1 AND created_on < $2) AS lag99,
              count(*) FILTER (WHERE created_on < $2 AND (started_on IS NULL OR started_on >= $2)) AS waiting
         FROM pgboss.job WHERE name = 'print-files'`,
      [from, to],
    );
    const made = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM print_file_set WHERE completed_at >= $1 AND completed_at < $2 AND status = 'ready'`,
      [from, to],
    );
    const r = rows[0];
    const completed = Number(r.completed);
    return {
      sent: Number(r.sent),
      completed,
      completedPerMinute: completed / ((to.getTime() - from.getTime()) / 60_000),
      madeFiles: Number(made.rows[0].n),
      lagP50S: r.lag50 === null ? NaN : Number(r.lag50),
      lagP99S: r.lag99 === null ? NaN : Number(r.lag99),
      waitingAtEnd: Number(r.waiting),
    };
  } finally {
    await db.end();
  }
}
