import { Injectable } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { Counter, Histogram, Registry } from '../common/metrics/prom-client';
import { MetricsRegistry } from '../common/metrics/metrics-registry';

/**
 * Prometheus metrics of this process (see {@link MetricsRegistry}), and the API's own: request
 * counts and latency by route template and status.
 */
@Injectable()
export class MetricsService {
  readonly registry: Registry;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;

  constructor(metrics: MetricsRegistry) {
    this.registry = metrics.registry;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route template and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method, route template and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /** Express middleware; labels use the matched route template, never the raw path. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route
        ? `${req.baseUrl}${(req.route as { path: string }).path}`
        : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      this.requests.inc(labels);
      this.latency.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
