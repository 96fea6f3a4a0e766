import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parseCompose } from './check-compose';
import { isRegistered, queriedMetrics, registeredMetrics } from './lib/metric-names';

/** Each PromQL expression of a Grafana dashboard (its panels and the panels of its rows). */
function dashboardQueries(dashboard: { panels?: Panel[] }): { title: string; expr: string }[] {
  return (dashboard.panels ?? []).flatMap((p) => [
    ...(p.targets ?? []).map((t) => ({ title: p.title, expr: t.expr })),
    ...dashboardQueries(p),
  ]);
}
interface Panel {
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

const dashboard = JSON.parse(
  readFileSync('deploy/grafana/dashboards/product-customizer.json', 'utf8'),
) as { panels: Panel[] };
const prometheus = parse(readFileSync('deploy/prometheus.yml', 'utf8')) as {
  scrape_configs: {
    job_name: string;
    metrics_path?: string;
    dns_sd_configs: { names: string[]; port: number }[];
  }[];
};
const registered = registeredMetrics('src');

describe('metric names the code registers', () => {
  it('are read from the sources: literal names, families expanded over their loop, counters by name, the defaults', () => {
    expect(registered.get('http_request_duration_seconds')).toBe('histogram');
    expect(registered.get('jobs_queued')).toBe('gauge');
    expect(registered.get('work_pool_waiting')).toBe('gauge');
    expect(registered.get('work_pool_refusals_total')).toBe('counter');
    expect(registered.get('process_resident_memory_bytes')).toBe('gauge');
    expect(registered.has('work_pool_${state}')).toBe(false);
    expect(isRegistered('job_duration_seconds_bucket', registered)).toBe(true);
    expect(isRegistered('jobs_queued_bucket', registered)).toBe(false);
    expect(isRegistered('http_requests', registered)).toBe(false);
  });

  it('are told apart from the rest of a PromQL query', () => {
    expect(
      queriedMetrics(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{job="api",route=~"/x"}[$__rate_interval]))) / on (route) group_left max(jobs_queued offset 5m)',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'jobs_queued']);
  });
});

describe('the Grafana dashboard (deploy/grafana/dashboards)', () => {
  const queries = dashboardQueries(dashboard);

  it('queries only metrics the code registers', () => {
    expect(queries.length).toBeGreaterThan(10);
    const unknown = queries.flatMap(({ title, expr }) =>
      queriedMetrics(expr)
        .filter((name) => !isRegistered(name, registered))
        .map((name) => `${title}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('fails a query of a metric the code does not register', () => {
    const renamed = queriedMetrics('sum(rate(http_requests_count[5m]))');
    expect(renamed.filter((n) => !isRegistered(n, registered))).toEqual(['http_requests_count']);
  });

  it('has the panels operators look for', () => {
    const titles = queries.map((q) => q.title);
    for (const title of [
      'Request rate by route',
      'Latency p50 by route',
      'Latency p95 by route',
      'Latency p99 by route',
      'Error rate',
      'Job queues',
      'Webhook lag',
      'Work pools',
      'Print-file latency',
    ])
      expect(titles).toContain(title);
    // Every job a query selects is one deploy/prometheus.yml scrapes.
    const jobs = new Set(prometheus.scrape_configs.map((c) => c.job_name));
    for (const { expr } of queries)
      for (const m of expr.matchAll(/job="([^"]+)"/g)) expect(jobs).toContain(m[1]);
  });
});

describe('deploy/prometheus.yml', () => {
  it('scrapes every API replica on METRICS_PORT and every worker on WORKER_PORT, as compose.yaml sets them', () => {
    const compose = parseCompose(readFileSync('compose.yaml', 'utf8')) as {
      services: Record<string, { environment: Record<string, string> }>;
    };
    const targets = prometheus.scrape_configs.map((c) => ({
      job: c.job_name,
      path: c.metrics_path ?? '/metrics',
      sd: c.dns_sd_configs.map((d) => `${d.names.join(',')}:${d.port}`),
    }));
    expect(targets).toEqual([
      {
        job: 'api',
        path: '/metrics',
        sd: [`api:${compose.services.api.environment.METRICS_PORT}`],
      },
      {
        job: 'worker',
        path: '/metrics',
        sd: [`worker:${compose.services.worker.environment.WORKER_PORT}`],
      },
    ]);
  });
});
