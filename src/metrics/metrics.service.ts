import { Injectable } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { projectRoot } from '../common/files/project-root';

/** The version and commit of this build (dist/build-info.json, written by `npm run build`). */
export function buildInfo(root = projectRoot()): { version: string; commit: string } {
  try {
    const info = JSON.parse(readFileSync(join(root, 'dist', 'build-info.json'), 'utf8')) as {
      version?: unknown;
      commit?: unknown;
    };
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : 'unknown');
    return { version: text(info.version), commit: text(info.commit) };
  } catch {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    return { version, commit: 'unknown' };
  }
}

/** Prometheus metrics of this process: request counts and latency by route template and status. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'build_info',
      help: 'The build this process runs: 1, labelled with its version, commit and Node.js version.',
      labelNames: ['version', 'commit', 'node'] as const,
      registers: [this.registry],
    }).set({ ...buildInfo(), node: process.version }, 1);
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
