/**
 * The metric names the service registers (read from its sources) and the ones a PromQL query
 * reads, so that a dashboard or a rule can be checked against the code
 * (scripts/monitoring.spec.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectDefaultMetrics, Registry } from '../../src/common/metrics/prom-client';

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

/** The `.ts` files under `dir`, specs left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * `name` with each `${variable}` replaced by every value of the nearest `for (const variable of
 * ['a', 'b'])` before `at` in `text` (how the sources register a family of gauges).
 */
function expand(name: string, text: string, at: number): string[] {
  const variable = /\$\{(\w+)\}/.exec(name);
  if (!variable) return [name];
  const loops = [
    ...text
      .slice(0, at)
      .matchAll(new RegExp(`for \\(const ${variable[1]} of \\[([^\\]]*)\\]`, 'g')),
  ];
  const values = [...(loops.at(-1)?.[1] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);
  return values.flatMap((v) => expand(name.replace(variable[0], v), text, at));
}

/**
 * Every metric the sources under `srcDir` register, by name: `new Counter|Gauge|Histogram|Summary({
 * name })` (a template name expanded over its loop), `metrics.counter('name', …)`, and prom-client's
 * default process metrics (`collectDefaultMetrics`, which the registry of every process runs).
 */
export function registeredMetrics(srcDir: string): Map<string, MetricType> {
  const found = new Map<string, MetricType>();
  for (const file of sources(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /new (Counter|Gauge|Histogram|Summary)(?:<[^>]*>)?\(\{\s*name:\s*(['`])([^'`]+)\2/g,
    ))
      for (const name of expand(m[3], text, m.index))
        found.set(name, m[1].toLowerCase() as MetricType);
    for (const m of text.matchAll(/\.counter(?:<[^>]*>)?\(\s*'([^']+)'/g))
      found.set(m[1], 'counter');
  }
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  // Each prom-client metric object carries its name and its type.
  for (const metric of defaults.getMetricsAsArray() as unknown as { name: string; type: string }[])
    found.set(metric.name, metric.type as MetricType);
  return found;
}

/** PromQL's words that are not metric names. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'offset',
  'bool',
]);

/** The metric names a PromQL expression reads (Grafana's `$variables` allowed). */
export function queriedMetrics(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$\w+/g, '');
  const names = [...bare.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:]|\s*\()/g)]
    .map((m) => m[1])
    .filter((n) => !KEYWORDS.has(n));
  return [...new Set(names)];
}

/** Whether `name` is a series of a registered metric (a histogram's `_bucket`, `_sum`, `_count` too). */
export function isRegistered(name: string, registered: Map<string, MetricType>): boolean {
  if (registered.has(name)) return true;
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (!m) return false;
  const type = registered.get(m[1]);
  return type === 'histogram' || (type === 'summary' && m[2] !== 'bucket');
}
