import { Injectable } from '@nestjs/common';
import { Gauge } from '../common/metrics/prom-client';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox in /metrics, read from the database when scraped: messages queued (to be sent),
 * held (their channel is not configured) and failed (for good), by kind. Every process sees
 * the same outbox; a database that does not answer leaves the gauge empty, never fails /metrics.
 */
@Injectable()
export class OutboxMetrics {
  constructor(outbox: OutboxRepository, metrics: MetricsRegistry) {
    const gauge: Gauge<'status' | 'kind'> = new Gauge({
      name: 'outbox_messages',
      help: 'Messages (e-mail, SMS) in the outbox not sent, by status (queued, held, failed) and kind.',
      labelNames: ['status', 'kind'] as const,
      registers: [metrics.registry],
      collect: async () => {
        const rows = await outbox.countUnsent().catch(() => []);
        gauge.reset();
        for (const { status, kind, count } of rows) gauge.set({ status, kind }, count);
      },
    });
  }
}
