import { Counter, Gauge, Histogram, Registry } from '../common/metrics/prom-client';

export type DeliveryOutcome = 'succeeded' | 'retried' | 'exhausted' | 'gone' | 'skipped';

/**
 * Webhook deliveries in /metrics: this process's attempts by outcome and how long they took, and
 * how long the oldest due attempt of the whole service has waited (read when scraped).
 */
export class WebhookMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly latency: Histogram<'outcome'>;
  private readonly firstAttemptDelay: Histogram;

  constructor(registry: Registry, oldestDueAgeSeconds: () => Promise<number>) {
    const registers = [registry];
    this.attempts = new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook delivery attempts made in this process, by outcome (succeeded; failed and retried, exhausted, or gone: 410; skipped: the endpoint was disabled).',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.latency = new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'How long webhook delivery attempts took (DNS, connection and answer), by outcome.',
      labelNames: ['outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers,
    });
    this.firstAttemptDelay = new Histogram({
      name: 'webhook_first_attempt_delay_seconds',
      help: 'From an event being recorded to the start of its first delivery attempt.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    });
    new Gauge({
      name: 'webhook_queue_age_seconds',
      help: 'How long the oldest due webhook delivery attempt has waited (all processes).',
      registers,
      collect: async function (this: Gauge) {
        this.set(await oldestDueAgeSeconds().catch(() => 0));
      },
    });
  }

  attempted(outcome: DeliveryOutcome, durationMs: number | null): void {
    this.attempts.inc({ outcome });
    if (durationMs !== null) this.latency.observe({ outcome }, durationMs / 1000);
  }

  firstAttemptStarted(delayMs: number): void {
    this.firstAttemptDelay.observe(Math.max(0, delayMs) / 1000);
  }
}
