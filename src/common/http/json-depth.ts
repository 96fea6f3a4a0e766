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

/** What one scan of a JSON text found. */
export interface JsonScan {
  /** Nested deeper than the depth limit (the scan stopped there). */
  tooDeep: boolean;
  /** Object members and array elements, at every level (the top-level value not counted). */
  values: number;
  /** Members of the object that has the most (0 without objects). */
  largestObject: number;
}

/**
 * Scans a JSON text's bytes once (strings skipped), before it is parsed: its nesting depth, stopping
 * early once it exceeds `depthLimit` (the DTO transformation recurses once per level and would
 * exhaust the stack), and how many values it holds, counted as commas plus the first item of each
 * non-empty object or array (the work of parsing and validating grows with them, not with bytes:
 * `[0,0,…]` is one value per two bytes), and the members of the largest object (an object of many
 * keys is a hash table: JSON.parse and every walk over it cost far more per key than for an array
 * element). Malformed text is counted as it comes; JSON.parse refuses it.
 */
export function scanJson(raw: Buffer, depthLimit = MAX_JSON_DEPTH): JsonScan {
  let depth = 0;
  let values = 0;
  let largestObject = 0;
  // Per open container (index = depth): whether it is an object, and its members so far.
  const isObject = new Uint8Array(depthLimit + 1);
  const members = new Uint32Array(depthLimit + 1);
  const item = (): void => {
    values++;
    if (isObject[depth] === 1 && ++members[depth] > largestObject) largestObject = members[depth];
  };
  let inString = false;
  let opened = false; // just after `{` or `[`: the next token is a first item or the close
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (opened && !isSpace(byte)) {
      opened = false;
      if (byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT) item();
    }
    if (byte === QUOTE) {
      inString = true;
    } else if (byte === COMMA) {
      if (depth > 0) item();
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > depthLimit) return { tooDeep: true, values, largestObject };
      isObject[depth] = byte === OPEN_OBJECT ? 1 : 0;
      members[depth] = 0;
      opened = true;
    } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && depth > 0) {
      depth--;
    }
  }
  return { tooDeep: false, values, largestObject };
}

/** The nesting depth of a JSON text exceeds `limit` (see {@link scanJson}). */
export function jsonDepthExceeds(raw: Buffer, limit = MAX_JSON_DEPTH): boolean {
  return scanJson(raw, limit).tooDeep;
}

/** A JSON body holds more values than JSON_MAX_VALUES (413). */
export class TooManyJsonValues extends DomainError {
  constructor(values: number, limit: number) {
    super(
      'BODY_TOO_MANY_VALUES',
      ErrorKind.PayloadTooLarge,
      `The JSON body holds ${values} values (object members and array elements); at most ${limit} are accepted (JSON_MAX_VALUES).`,
    );
  }
}

/** An object of a JSON body has more members than JSON_MAX_OBJECT_KEYS (413). */
export class TooManyJsonKeys extends DomainError {
  constructor(keys: number, limit: number) {
    super(
      'BODY_OBJECT_TOO_LARGE',
      ErrorKind.PayloadTooLarge,
      `An object in the JSON body has ${keys} keys; at most ${limit} are accepted (JSON_MAX_OBJECT_KEYS).`,
    );
  }
}

/** The ceilings of {@link jsonVerifier}. */
export interface JsonLimits {
  /** Values (object members and array elements) in the whole body. */
  maxValues: number;
  /** Members of any one object. */
  maxObjectKeys: number;
}

/**
 * body-parser `verify` hook, run on the raw bytes before JSON.parse: refuses over-deep JSON with a
 * 400 naming the depth limit, and JSON of more values in all, or more keys in one object, than
 * `limits` with a 413 naming the count and the limit.
 */
export function jsonVerifier({
  maxValues,
  maxObjectKeys,
}: JsonLimits): (req: unknown, res: unknown, raw: Buffer) => void {
  return (_req, _res, raw) => {
    const scan = scanJson(raw);
    if (scan.tooDeep) {
      throw Object.assign(
        new Error(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`),
        { status: 400, type: 'entity.too.deep' },
      );
    }
    if (scan.largestObject > maxObjectKeys)
      throw new TooManyJsonKeys(scan.largestObject, maxObjectKeys);
    if (scan.values > maxValues) throw new TooManyJsonValues(scan.values, maxValues);
  };
}
