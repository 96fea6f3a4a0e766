import {
  filterKey,
  GrayscaleMode,
  RESAMPLE_FILTERS,
  ResampleKernel,
  SHARPEN_WHEN,
  SharpenWhen,
} from '../common/images/legacy-filters';
import { RenderParameterInvalid } from './render.errors';

/**
 * Parsers of the legacy ImageResizer/Imageflow filter values (see common/images/legacy-filters).
 * Each takes the parameter's name as the caller wrote it, so that the 400 text names it.
 */

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number from `min` to `max` (exponent notation allowed, as JSON writes small numbers). */
export function parseNumberIn(name: string, raw: string, min: number, max: number): number {
  const value = NUMBER.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(value >= min && value <= max)) {
    throw new RenderParameterInvalid(name, raw, `It must be a number from ${min} to ${max}.`);
  }
  return value;
}

/** `crop`'s units: the source's width or height in them, from 1 to 1,000,000 (100: percent). */
export function parseCropUnits(name: string, raw: string): number {
  return parseNumberIn(name, raw, 1, 1_000_000);
}

const GRAYSCALE: Record<string, GrayscaleMode> = {
  true: 'ntsc',
  y: 'ntsc',
  ntsc: 'ntsc',
  ry: 'bt709',
  bt709: 'bt709',
  flat: 'flat',
};

/** `s.grayscale`: `true`, `y` and `ntsc` weigh by NTSC luma, `ry` and `bt709` by BT.709, `flat` equally. */
export function parseGrayscale(name: string, raw: string): GrayscaleMode {
  const mode = GRAYSCALE[raw.toLowerCase()];
  if (!mode)
    throw new RenderParameterInvalid(
      name,
      raw,
      'It must be one of true, y, ry, ntsc, bt709, flat.',
    );
  return mode;
}

/** `f.sharpenwhen`: always, downscaling or sizediffers. */
export function parseSharpenWhen(name: string, raw: string): SharpenWhen {
  const value = raw.toLowerCase() as SharpenWhen;
  if (!SHARPEN_WHEN.includes(value))
    throw new RenderParameterInvalid(name, raw, `It must be one of ${SHARPEN_WHEN.join(', ')}.`);
  return value;
}

/** `down.filter` / `up.filter`: a legacy filter name (case, `_` and `-` ignored). */
export function parseResampleFilter(name: string, raw: string): ResampleKernel {
  const kernel = RESAMPLE_FILTERS[filterKey(raw)];
  if (!kernel)
    throw new RenderParameterInvalid(
      name,
      raw,
      `It must be one of ${Object.keys(RESAMPLE_FILTERS).join(', ')}.`,
    );
  return kernel;
}
