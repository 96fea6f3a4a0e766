/**
 * Bounds on what one log line may carry, so that no request (a huge id list, a statement with
 * thousands of placeholders, an echoed body) can write a megabyte line. Longer values keep their
 * beginning and say how much was left out.
 */
export const LOG_LIMITS = {
  /** Characters of one string value (a stack trace or an ordinary statement's SQL fits). */
  string: 4000,
  /** Items of one array. */
  items: 20,
  /** Keys of one object. */
  keys: 50,
  /** Levels of nesting below the logged object; deeper values are replaced. */
  depth: 5,
} as const;

export type LogLimits = { [K in keyof typeof LOG_LIMITS]: number };

const more = (n: number) => `…(${n} more)`;

/**
 * Objects to copy and bound: plain ones (also pino's serialized errors, which inherit from a plain
 * prototype). Errors, dates, buffers, requests and other class instances are left to their
 * serializers, which run after this.
 */
function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null) return true;
  return (proto as { constructor?: unknown }).constructor === Object && !(value instanceof Error);
}

/** `value` with strings, arrays and objects cut to `limits` (a copy; the input is not changed). */
export function truncateForLog(value: unknown, limits: LogLimits = LOG_LIMITS, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > limits.string
      ? value.slice(0, limits.string) + more(value.length - limits.string)
      : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (depth >= limits.depth) return `[array of ${value.length}]`;
    const kept = value.slice(0, limits.items).map((v) => truncateForLog(v, limits, depth + 1));
    return value.length > limits.items ? [...kept, more(value.length - limits.items)] : kept;
  }
  if (!isPlain(value)) return value;
  if (depth >= limits.depth) return '[object]';
  const out: Record<string, unknown> = {};
  let count = 0;
  let left = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (count < limits.keys) {
      out[key] = truncateForLog((value as Record<string, unknown>)[key], limits, depth + 1);
      count++;
    } else {
      left++;
    }
  }
  if (left > 0) out['…'] = `${left} more keys`;
  return out;
}
