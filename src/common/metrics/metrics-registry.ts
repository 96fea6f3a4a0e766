import { Global, Injectable, Module } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Registry } from './prom-client';
import { buildInfo } from './build-info';

/**
 * The process's Prometheus registry (`GET /metrics`, and the workers' probe port): Node's process
 * metrics and `build_info`, plus what each part of the service registers on it. Parts that share
 * a metric (say, every cache's lookups) get it from {@link counter}, created on first use.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'build_info',
      help: 'The build this process runs: 1, labelled with its version, commit and Node.js version.',
      labelNames: ['version', 'commit', 'node'] as const,
      registers: [this.registry],
    }).set({ ...buildInfo(), node: process.version }, 1);
  }

  /** The counter `name` of this registry, created with `help` and `labels` on first use. */
  counter<L extends string>(name: string, help: string, labels: readonly L[]): Counter<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter({ name, help, labelNames: labels, registers: [this.registry] });
  }
}

/** Provides the {@link MetricsRegistry} to every module (one registry per process). */
@Global()
@Module({ providers: [MetricsRegistry], exports: [MetricsRegistry] })
export class MetricsRegistryModule {}
