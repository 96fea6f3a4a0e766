import {
  Anchor,
  ANCHORS,
  CropRect,
  OUTPUT_FORMATS,
  OutputFormat,
  RESIZE_MODES,
  ResizeMode,
  Rgba,
  SCALE_MODES,
  ScaleMode,
} from '../common/images/transform-layout';
import { RenderParameterInvalid } from './render.errors';

/**
 * Parsers of single image-resizer values. Each takes the parameter's name as the caller wrote it
 * (so the 400 text names it) and its raw value; keyword values are case-insensitive.
 */

const INTEGER = /^\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Named colours accepted by `bgcolor` besides hex. */
export const NAMED_COLORS: Record<string, string> = {
  transparent: '00000000',
  white: 'ffffff',
  black: '000000',
  gray: '808080',
  grey: '808080',
  silver: 'c0c0c0',
  red: 'ff0000',
  green: '008000',
  lime: '00ff00',
  blue: '0000ff',
  yellow: 'ffff00',
  navy: '000080',
};

/** An integer pixel size from 1 to `max`. */
export function parseSize(name: string, raw: string, max: number): number {
  const value = INTEGER.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= max)) {
    throw new RenderParameterInvalid(name, raw, `It must be an integer from 1 to ${max}.`);
  }
  return value;
}

/** `true`/`false`/`1`/`0`, case-insensitive. */
export function parseBoolean(name: string, raw: string): boolean {
  const value = raw.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new RenderParameterInvalid(name, raw, 'It must be true or false.');
}

function parseKeyword<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  const value = raw.toLowerCase() as T;
  if (!allowed.includes(value)) {
    throw new RenderParameterInvalid(name, raw, `It must be one of ${allowed.join(', ')}.`);
  }
  return value;
}

export const parseMode = (name: string, raw: string): ResizeMode =>
  parseKeyword(name, raw, RESIZE_MODES);

export const parseScale = (name: string, raw: string): ScaleMode =>
  parseKeyword(name, raw, SCALE_MODES);

export const parseAnchor = (name: string, raw: string): Anchor =>
  parseKeyword(name, raw, Object.keys(ANCHORS) as Anchor[]);

/** `png`, `jpeg` (or `jpg`), `webp`, `gif`. */
export function parseFormat(name: string, raw: string): OutputFormat {
  const value = raw.toLowerCase() === 'jpg' ? 'jpeg' : raw;
  if (!(value.toLowerCase() in OUTPUT_FORMATS)) {
    throw new RenderParameterInvalid(name, raw, 'It must be one of png, jpeg, jpg, webp, gif.');
  }
  return value.toLowerCase() as OutputFormat;
}

/** Hex `RGB`, `RRGGBB` or `RRGGBBAA` (a leading `#` is tolerated), or a named colour. */
export function parseColor(name: string, raw: string): Rgba {
  const hex = NAMED_COLORS[raw.toLowerCase()] ?? (HEX.test(raw) ? raw.replace('#', '') : null);
  if (hex === null) {
    throw new RenderParameterInvalid(
      name,
      raw,
      `It must be a hex colour without # (RGB, RRGGBB or RRGGBBAA) or one of ${Object.keys(NAMED_COLORS).join(', ')}.`,
    );
  }
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return {
    r: byte(0),
    g: byte(2),
    b: byte(4),
    alpha: full.length === 8 ? Math.round((byte(6) / 255) * 1000) / 1000 : 1,
  };
}

/** A device pixel ratio above 0 and at most 4 (a trailing `x`, as in `2x`, is tolerated). */
export function parseDpr(name: string, raw: string): number {
  const text = raw.toLowerCase().endsWith('x') ? raw.slice(0, -1) : raw;
  const value = NUMBER.test(text) ? Number(text) : NaN;
  if (!(value > 0 && value <= 4)) {
    throw new RenderParameterInvalid(name, raw, 'It must be a number above 0 and at most 4.');
  }
  return value;
}

const FLIPS: Record<string, [boolean, boolean]> = {
  none: [false, false],
  h: [true, false],
  x: [true, false],
  v: [false, true],
  y: [false, true],
  both: [true, true],
  hv: [true, true],
  vh: [true, true],
  xy: [true, true],
  yx: [true, true],
};

/** `h`/`x` mirrors left–right, `v`/`y` top–bottom, `both`/`hv`/`xy` both, `none` neither. */
export function parseFlip(name: string, raw: string): { horizontal: boolean; vertical: boolean } {
  const flip = FLIPS[raw.toLowerCase()];
  if (!flip) {
    throw new RenderParameterInvalid(
      name,
      raw,
      `It must be one of ${Object.keys(FLIPS).join(', ')}.`,
    );
  }
  return { horizontal: flip[0], vertical: flip[1] };
}

/** A whole multiple of 90 degrees (clockwise; negative turns counter-clockwise), normalised to 0–270. */
export function parseRotate(name: string, raw: string): 0 | 90 | 180 | 270 {
  const value = /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value % 90 !== 0) {
    throw new RenderParameterInvalid(name, raw, 'It must be 0, 90, 180 or 270.');
  }
  return (((value % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/**
 * `x1,y1,x2,y2` in source pixels (decimals allowed, rounded when applied): x1, y1 ≥ 0; x2, y2 of 0
 * or less count from the right / bottom edge; positive x2, y2 must exceed x1, y1.
 */
export function parseCrop(name: string, raw: string): CropRect {
  const parts = raw.split(',');
  const rule =
    'It must be x1,y1,x2,y2: four numbers, x1 and y1 at least 0, x2 and y2 above x1 and y1 or at most 0 (counted from the right and bottom edges).';
  if (parts.length !== 4 || !parts.every((p) => NUMBER.test(p.trim()))) {
    throw new RenderParameterInvalid(name, raw, rule);
  }
  const [x1, y1, x2, y2] = parts.map((p) => Number(p.trim()));
  if (x1 < 0 || y1 < 0 || (x2 > 0 && x2 <= x1) || (y2 > 0 && y2 <= y1)) {
    throw new RenderParameterInvalid(name, raw, rule);
  }
  return { x1, y1, x2, y2 };
}

/** An encoder quality: an integer from 1 to 100. */
export function parseQuality(name: string, raw: string): number {
  const value = INTEGER.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= 100)) {
    throw new RenderParameterInvalid(name, raw, 'It must be an integer from 1 to 100.');
  }
  return value;
}
