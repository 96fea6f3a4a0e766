/** Deepest nesting of objects and arrays a JSON body may have; real payloads need about 5. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }

/**
 * The nesting depth of a JSON text, counted over its bytes (strings skipped), stopping early once
 * it exceeds `limit`. Deeper bodies are refused before parsing: the DTO transformation recurses
 * once per level and would exhaust the stack.
 */
export function jsonDepthExceeds(raw: Buffer, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** body-parser `verify` hook: refuses over-deep JSON with a 400 naming the limit. */
export function verifyJsonDepth(_req: unknown, _res: unknown, raw: Buffer): void {
  if (jsonDepthExceeds(raw)) {
    throw Object.assign(
      new Error(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`),
      {
        status: 400,
        type: 'entity.too.deep',
      },
    );
  }
}
