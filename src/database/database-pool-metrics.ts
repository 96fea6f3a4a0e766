import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Gauge } from '../common/metrics/prom-client';
import { MetricsRegistry } from '../common/metrics/metrics-registry';

/** What node-postgres' pool says of itself. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * This process's database connections in /metrics, read when scraped: in use, idle, requests
 * waiting for one, and the pool's size (DATABASE_POOL_SIZE). Waiting above zero for long means
 * the pool, not PostgreSQL, is what requests queue on.
 */
@Injectable()
export class DatabasePoolMetrics {
  constructor(dataSource: DataSource, metrics: MetricsRegistry) {
    const pool = (): PgPool | undefined =>
      (dataSource.driver as unknown as { master?: PgPool }).master;
    const connections: Gauge<'state'> = new Gauge({
      name: 'database_pool_connections',
      help: "This process's database connections, by state (in_use, idle).",
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      collect: () => {
        const p = pool();
        if (!p) return;
        connections.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        connections.set({ state: 'idle' }, p.idleCount);
      },
    });
    const waiting: Gauge = new Gauge({
      name: 'database_pool_waiting',
      help: 'Queries of this process waiting for a free database connection.',
      registers: [metrics.registry],
      collect: () => waiting.set(pool()?.waitingCount ?? 0),
    });
    const max: Gauge = new Gauge({
      name: 'database_pool_max',
      help: 'The most database connections this process opens (DATABASE_POOL_SIZE).',
      registers: [metrics.registry],
      collect: () => max.set(pool()?.options?.max ?? 0),
    });
  }
}
