/**
 * How AppConfig reads the values of variables that are more than one value: comma-separated
 * lists, `plan:count` pairs, and URLs written with or without a trailing slash.
 */

/** The items of a comma-separated list, trimmed, empty ones left out. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The values without repeats, each where it first appears. */
export function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The URL without its trailing slashes. */
export function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `free:120,standard:600` → `{ free: 120, standard: 600 }`. */
export function planCounts(text: string): Record<string, number> {
  return Object.fromEntries(
    splitList(text).map((pair) => {
      const [plan, count] = pair.split(':');
      return [plan.trim(), Number(count)];
    }),
  );
}
