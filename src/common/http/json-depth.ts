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
}

/**
 * Scans a JSON text's bytes once (strings skipped), before it is parsed: its nesting depth, stopping
 * early once it exceeds `depthLimit` (the DTO transformation recurses once per level and would
 * exhaust the stack), and how many values it holds, counted as commas plus the first item of each
 * non-empty object or array (the work of parsing and validating grows with them, not with bytes:
 * `[0,0,…]` is one value per two bytes). Malformed text is counted as it comes; JSON.parse refuses it.
 */
export function scanJson(raw: Buffer, depthLimit = MAX_JSON_DEPTH): JsonScan {
  let depth = 0;
  let values = 0;
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
      if (byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT) values++;
    }
    if (byte === QUOTE) {
      inString = true;
    } else if (byte === COMMA) {
      values++;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > depthLimit) return { tooDeep: true, values };
      opened = true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return { tooDeep: false, values };
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

/**
 * body-parser `verify` hook, run on the raw bytes before JSON.parse: refuses over-deep JSON with a
 * 400 naming the depth limit, and JSON of more than `maxValues` values with a 413 naming both.
 */
export function jsonVerifier(maxValues: number): (req: unknown, res: unknown, raw: Buffer) => void {
  return (_req, _res, raw) => {
    const scan = scanJson(raw);
    if (scan.tooDeep) {
      throw Object.assign(
        new Error(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`),
        { status: 400, type: 'entity.too.deep' },
      );
    }
    if (scan.values > maxValues) throw new TooManyJsonValues(scan.values, maxValues);
  };
}
