import { Counter, Gauge, Histogram, Registry } from '../metrics/prom-client';
import { JobName } from './job-registry';

export type QueueDepth = Record<JobName, { queued: number; active: number }>;

/**
 * The jobs in /metrics: this process's attempts (counted and timed by job and outcome), and the
 * depth of the queue all processes share, read from the queue when scraped.
 */
export class JobMetrics {
  private readonly finished: Counter<'name' | 'outcome'>;
  private readonly durations: Histogram<'name' | 'outcome'>;

  constructor(registry: Registry, depth: () => Promise<QueueDepth>) {
    const registers = [registry];
    this.finished = new Counter({
      name: 'jobs_finished_total',
      help: 'Job attempts finished in this process, by job and outcome (completed or failed).',
      labelNames: ['name', 'outcome'] as const,
      registers,
    });
    this.durations = new Histogram({
      name: 'job_duration_seconds',
      help: 'How long job attempts in this process took, by job and outcome.',
      labelNames: ['name', 'outcome'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    });
    for (const state of ['queued', 'active'] as const) {
      const gauge: Gauge<'name'> = new Gauge({
        name: `jobs_${state}`,
        help:
          state === 'queued'
            ? 'Jobs waiting to run (new or to be retried), by job, in the whole queue.'
            : 'Jobs running now, by job, in the whole queue.',
        labelNames: ['name'] as const,
        registers,
        collect: async () => {
          const counts = await depth().catch(() => undefined);
          for (const [name, c] of Object.entries(counts ?? {})) gauge.set({ name }, c[state]);
        },
      });
    }
  }

  /** Runs one attempt of a `name` job, counting and timing it by its outcome. */
  async attempt(name: JobName, run: () => Promise<void>): Promise<void> {
    const stop = this.durations.startTimer({ name });
    try {
      await run();
      stop({ outcome: 'completed' });
      this.finished.inc({ name, outcome: 'completed' });
    } catch (err) {
      stop({ outcome: 'failed' });
      this.finished.inc({ name, outcome: 'failed' });
      throw err;
    }
  }
}
