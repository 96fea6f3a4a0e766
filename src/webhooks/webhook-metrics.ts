import { Counter, Gauge, Histogram, Registry } from '../common/metrics/prom-client';

export type DeliveryOutcome = 'succeeded' | 'retried' | 'exhausted' | 'gone' | 'skipped';

/** What the gauges read from the database when scraped (all processes). */
export interface WebhookQueueReadings {
  /** How long the oldest due pending attempt has waited, in seconds. */
  oldestDueAgeSeconds(): Promise<number>;
  /** Endpoints whose circuit breaker is open or half-open. */
  breakersOpen(): Promise<number>;
}

/**
 * Webhook deliveries in /metrics: this process's attempts by outcome and how long they took, the
 * circuit breakers it opened, and, for the whole service (read when scraped), how long the oldest
 * due attempt has waited and how many endpoints' breakers are open.
 */
export class WebhookMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly latency: Histogram<'outcome'>;
  private readonly firstAttemptDelay: Histogram;
  private readonly breakerOpenings: Counter;

  constructor(registry: Registry, readings: WebhookQueueReadings) {
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
        this.set(await readings.oldestDueAgeSeconds().catch(() => 0));
      },
    });
    this.breakerOpenings = new Counter({
      name: 'webhook_breaker_opened_total',
      help: "Endpoints' circuit breakers opened by this process (failed attempts in a row reached WEBHOOK_BREAKER_FAILURES).",
      registers,
    });
    new Gauge({
      name: 'webhook_breakers_open',
      help: 'Webhook endpoints whose circuit breaker is open or half-open (all processes).',
      registers,
      collect: async function (this: Gauge) {
        this.set(await readings.breakersOpen().catch(() => 0));
      },
    });
  }

  breakerOpened(): void {
    this.breakerOpenings.inc();
  }

  attempted(outcome: DeliveryOutcome, durationMs: number | null): void {
    this.attempts.inc({ outcome });
    if (durationMs !== null) this.latency.observe({ outcome }, durationMs / 1000);
  }

  firstAttemptStarted(delayMs: number): void {
    this.firstAttemptDelay.observe(Math.max(0, delayMs) / 1000);
  }
}
