import { DomainError, ErrorKind } from '../errors/domain-error';

/** The range of the spec's `int32` ids. */
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

/** True when `n` is an integer that fits 32 bits (both ends included). */
export function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/**
 * An int32 as written in a path (decimal, an optional sign, blanks around it), or undefined when the
 * text is anything else. `parseInt32Id` turns undefined into the 400 naming the id.
 */
export function parseInt32(id: string | number): number | undefined {
  const text = String(id).trim();
  const n = /^[+-]?\d{1,10}$/.test(text) ? Number(text) : NaN;
  return isInt32(n) ? n : undefined;
}

/** The message of an id that is not an int32: what it identifies and (at most 100 characters of) the text sent. */
export function int32IdMessage(what: string, id: string): string {
  return `${what} id ${JSON.stringify(id.slice(0, 100))} is not an integer between ${INT32_MIN} and ${INT32_MAX}.`;
}

/** An id in a path that is not an int32: a 400 naming it. */
export class InvalidInt32Id extends DomainError {
  constructor(what: string, id: string) {
    super('INVALID_ID', ErrorKind.BadRequest, int32IdMessage(what, id));
  }
}

/**
 * An id as written in a path (see `parseInt32`), else `InvalidInt32Id` naming `what` ("Saved asset"
 * → `Saved asset id "abc" is not an integer between …`).
 */
export function parseInt32Id(id: string | number, what: string): number {
  const n = parseInt32(id);
  if (n === undefined) throw new InvalidInt32Id(what, String(id));
  return n;
}
