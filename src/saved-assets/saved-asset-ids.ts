import { InvalidId } from './saved-assets.errors';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** An id as written in a path: a 32-bit integer in decimal, else 400 naming `what`. */
export function parseId(what: string, id: string | number): number {
  const text = String(id).trim();
  const n = /^[+-]?\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < INT32_MIN || n > INT32_MAX) throw new InvalidId(what, String(id));
  return n;
}

/** A boolean as written in a path (`true`, `false`, `1`, `0`, any case), else undefined. */
export function parsePathBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined;
}
