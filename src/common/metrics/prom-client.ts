/**
 * The one file that imports prom-client: the metric kinds and the registry every part of the
 * service uses (see MetricsRegistry for the process's registry).
 */
export { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
