import { DomainError, ErrorKind } from '../errors/domain-error';

/** Deepest nesting of objects and arrays a JSON body may have; real payloads need about 5. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const isSpace = (byte: number): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The ceilings a scan stops at (see {@link scanJson}). */
export interface JsonLimits {
  /** Nesting of objects and arrays. */
  maxDepth: number;
  /** Values (object members and array elements) in the whole text. */
  maxValues: number;
  /** Members of any one object. */
  maxObjectKeys: number;
}

/** What one scan of a JSON text found, up to the first ceiling exceeded (where it stopped). */
export interface JsonScan {
  exceeded?: 'depth' | 'values' | 'keys';
  /** Object members and array elements, at every level (the top-level value not counted). */
  values: number;
  /** Members of the object that has the most (0 without objects). */
  largestObject: number;
}

const UNLIMITED: JsonLimits = {
  maxDepth: MAX_JSON_DEPTH,
  maxValues: Number.POSITIVE_INFINITY,
  maxObjectKeys: Number.POSITIVE_INFINITY,
};

/**
 * Scans a JSON text's bytes once (strings skipped), before it is parsed, and stops at the first
 * ceiling it exceeds, so that refusing costs at most the ceiling, not the body:
 * - the nesting depth (the DTO transformation recurses once per level and would exhaust the stack);
 * - how many values it holds, counted as commas plus the first item of each non-empty object or
 *   array (the work of parsing and validating grows with them, not with bytes: `[0,0,…]` is one
 *   value per two bytes);
 * - the members of the largest object (an object of many keys is a hash table: JSON.parse and
 *   every walk over it cost far more per key than array elements do).
 * Malformed text is counted as it comes; JSON.parse refuses it.
 */
export function scanJson(raw: Buffer, limits: Partial<JsonLimits> = {}): JsonScan {
  const { maxDepth, maxValues, maxObjectKeys } = { ...UNLIMITED, ...limits };
  let depth = 0;
  let values = 0;
  let largestObject = 0;
  // Per open container (index = depth): whether it is an object, and its members so far.
  const isObject = new Uint8Array(maxDepth + 1);
  const members = new Uint32Array(maxDepth + 1);
  /** Counts one item of the open container; the ceiling it exceeds, if any. */
  const item = (): JsonScan['exceeded'] => {
    if (++values > maxValues) return 'values';
    if (isObject[depth] === 1 && ++members[depth] > largestObject) {
      largestObject = members[depth];
      if (largestObject > maxObjectKeys) return 'keys';
    }
    return undefined;
  };
  let exceeded: JsonScan['exceeded'];
  let inString = false;
  let opened = false; // just after `{` or `[`: the next token is a first item or the close
  for (let i = 0; i < raw.length && !exceeded; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (opened && !isSpace(byte)) {
      opened = false;
      if (byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT) exceeded = item();
    }
    if (byte === QUOTE) {
      inString = true;
    } else if (byte === COMMA) {
      if (depth > 0) exceeded ??= item();
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) exceeded = 'depth';
      else {
        isObject[depth] = byte === OPEN_OBJECT ? 1 : 0;
        members[depth] = 0;
        opened = true;
      }
    } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && depth > 0) {
      depth--;
    }
  }
  return { ...(exceeded ? { exceeded } : {}), values, largestObject };
}

/** The nesting depth of a JSON text exceeds `limit` (see {@link scanJson}). */
export function jsonDepthExceeds(raw: Buffer, limit = MAX_JSON_DEPTH): boolean {
  return scanJson(raw, { maxDepth: limit }).exceeded === 'depth';
}

/** A JSON body holds more values than JSON_MAX_VALUES (413). */
export class TooManyJsonValues extends DomainError {
  constructor(limit: number) {
    super(
      'BODY_TOO_MANY_VALUES',
      ErrorKind.PayloadTooLarge,
      `The JSON body holds more than ${limit} values (object members and array elements), the limit (JSON_MAX_VALUES).`,
    );
  }
}

/** An object of a JSON body has more members than JSON_MAX_OBJECT_KEYS (413). */
export class TooManyJsonKeys extends DomainError {
  constructor(limit: number) {
    super(
      'BODY_OBJECT_TOO_LARGE',
      ErrorKind.PayloadTooLarge,
      `An object in the JSON body has more than ${limit} keys, the limit (JSON_MAX_OBJECT_KEYS).`,
    );
  }
}

/**
 * body-parser `verify` hook, run on the raw bytes before JSON.parse: refuses JSON nested deeper
 * than MAX_JSON_DEPTH with a 400, and JSON of more values in all, or more keys in one object, than
 * the limits with a 413 naming the limit (the scan stops there: it does not count the rest).
 */
export function jsonVerifier(
  limits: Omit<JsonLimits, 'maxDepth'>,
): (req: unknown, res: unknown, raw: Buffer) => void {
  return (_req, _res, raw) => {
    switch (scanJson(raw, limits).exceeded) {
      case 'depth':
        throw Object.assign(
          new Error(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`),
          { status: 400, type: 'entity.too.deep' },
        );
      case 'keys':
        throw new TooManyJsonKeys(limits.maxObjectKeys);
      case 'values':
        throw new TooManyJsonValues(limits.maxValues);
      default:
    }
  };
}
