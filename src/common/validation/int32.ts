/** The range of the spec's `int32` ids. */
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/** True when `n` is an integer that fits 32 bits (both ends included). */
export function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/**
 * An int32 as written in a path (decimal, an optional sign, blanks around it), or undefined when the
 * text is anything else: each module turns undefined into its own 400 naming the id.
 */
export function parseInt32(id: string | number): number | undefined {
  const text = String(id).trim();
  const n = /^[+-]?\d{1,10}$/.test(text) ? Number(text) : NaN;
  return isInt32(n) ? n : undefined;
}
