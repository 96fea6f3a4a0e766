import { parseInt32 } from '../common/validation/int32';
import { InvalidId } from './saved-assets.errors';

/** An id as written in a path: a 32-bit integer in decimal, else 400 naming `what`. */
export function parseId(what: string, id: string | number): number {
  const n = parseInt32(id);
  if (n === undefined) throw new InvalidId(what, String(id));
  return n;
}

/** A boolean as written in a path (`true`, `false`, `1`, `0`, any case), else undefined. */
export function parsePathBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined;
}
