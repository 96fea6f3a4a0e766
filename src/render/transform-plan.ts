import {
  CropRect,
  DEFAULT_TRANSFORM,
  ImageTransform,
  OutputFormat,
  ResizeMode,
  Rgba,
  ScaleMode,
  Anchor,
} from '../common/images/transform-layout';
import {
  ColorFilters,
  colorMap,
  ResampleKernel,
  SharpenWhen,
} from '../common/images/legacy-filters';
import { RenderParameterInvalid } from './render.errors';

/** Image-resizer parameters as the caller gave them (absent ones undefined). */
export interface ResizerOptions {
  mode?: ResizeMode;
  scale?: ScaleMode;
  anchor?: Anchor;
  background?: Rgba;
  dpr?: number;
  flip?: { horizontal: boolean; vertical: boolean };
  rotate?: 0 | 90 | 180 | 270;
  crop?: CropRect;
  format?: OutputFormat;
  /** `quality`: JPEG quality, and WebP quality unless `webp.quality` is given. */
  quality?: number;
  jpegQuality?: number;
  webpQuality?: number;
  webpLossless?: boolean;
  pngQuality?: number;
  sourceRotate?: 0 | 90 | 180 | 270;
  sourceFlip?: { horizontal: boolean; vertical: boolean };
  trimThreshold?: number;
  trimPercentPadding?: number;
  cropXUnits?: number;
  cropYUnits?: number;
  filters?: ColorFilters;
  sharpen?: number;
  sharpenWhen?: SharpenWhen;
  downFilter?: ResampleKernel;
  upFilter?: ResampleKernel;
  ignoreIcc?: boolean;
}

/** Requested output size before `dpr`. */
export interface RequestedSize {
  width?: number;
  height?: number;
}

export interface TransformPlan {
  transform: ImageTransform;
  /**
   * True when the answer must be transformed bytes (a size, dpr ≠ 1, flip, rotation, crop, a
   * format other than PNG, or PNG quantisation); false when the stored render itself answers.
   */
  transforms: boolean;
  /** Canonical, sorted description of the effective transformation (empty when none): a cache key / ETag input. */
  key: string;
}

/**
 * Resolves defaults and `dpr` (which multiplies width and height; the result must stay within
 * `maxDimension`) into a complete transform, and says whether it changes anything.
 */
export function planTransform(
  size: RequestedSize,
  options: ResizerOptions,
  maxDimension: number,
): TransformPlan {
  const dpr = options.dpr ?? 1;
  const scaled = (name: 'width' | 'height'): number | undefined => {
    const value = size[name];
    if (value === undefined) return undefined;
    const pixels = Math.max(1, Math.round(value * dpr));
    if (pixels > maxDimension) {
      throw new RenderParameterInvalid(
        'dpr',
        String(dpr),
        `With ${name} ${value} it asks for ${pixels} pixels, more than the maximum of ${maxDimension}.`,
      );
    }
    return pixels;
  };
  const transform: ImageTransform = {
    ...DEFAULT_TRANSFORM,
    width: scaled('width'),
    height: scaled('height'),
    dpr,
    mode: options.mode ?? DEFAULT_TRANSFORM.mode,
    scale: options.scale ?? DEFAULT_TRANSFORM.scale,
    anchor: options.anchor ?? DEFAULT_TRANSFORM.anchor,
    background: options.background,
    flipHorizontal: options.flip?.horizontal ?? false,
    flipVertical: options.flip?.vertical ?? false,
    rotate: options.rotate ?? 0,
    crop: options.crop,
    format: options.format ?? DEFAULT_TRANSFORM.format,
    jpegQuality: options.jpegQuality ?? options.quality ?? DEFAULT_TRANSFORM.jpegQuality,
    webpQuality: options.webpQuality ?? options.quality ?? DEFAULT_TRANSFORM.webpQuality,
    webpLossless: options.webpLossless ?? false,
    pngQuality: options.pngQuality,
    sourceRotate: options.sourceRotate ?? 0,
    sourceFlipHorizontal: options.sourceFlip?.horizontal ?? false,
    sourceFlipVertical: options.sourceFlip?.vertical ?? false,
    ignoreIcc: options.ignoreIcc ?? false,
  };
  if (options.trimThreshold !== undefined)
    transform.trim = {
      threshold: options.trimThreshold,
      percentPadding: options.trimPercentPadding ?? 0,
    };
  if (options.crop && (options.cropXUnits || options.cropYUnits))
    transform.cropUnits = { x: options.cropXUnits, y: options.cropYUnits };
  if (options.filters && colorMap(options.filters)) transform.filters = { ...options.filters };
  if (options.sharpen)
    transform.sharpen = { amount: options.sharpen, when: options.sharpenWhen ?? 'always' };
  if (options.downFilter) transform.downFilter = options.downFilter;
  if (options.upFilter) transform.upFilter = options.upFilter;
  if (transform.width === undefined) delete transform.width;
  if (transform.height === undefined) delete transform.height;
  const transforms =
    transform.width !== undefined ||
    transform.height !== undefined ||
    dpr !== 1 ||
    transform.flipHorizontal ||
    transform.flipVertical ||
    transform.rotate !== 0 ||
    transform.crop !== undefined ||
    transform.format !== 'png' ||
    transform.pngQuality !== undefined ||
    transform.trim !== undefined ||
    transform.sourceRotate !== 0 ||
    transform.sourceFlipHorizontal ||
    transform.sourceFlipVertical ||
    transform.filters !== undefined ||
    transform.sharpen !== undefined ||
    transform.ignoreIcc;
  return { transform, transforms, key: transforms ? canonicalKey(transform) : '' };
}

/** `name=value` pairs of every setting that differs from the default and matters, sorted by name. */
function canonicalKey(t: ImageTransform): string {
  const entries: [string, string | number | undefined][] = [
    ['width', t.width],
    ['height', t.height],
    ['dpr', t.width === undefined && t.height === undefined && t.dpr !== 1 ? t.dpr : undefined],
    ['mode', t.mode !== DEFAULT_TRANSFORM.mode ? t.mode : undefined],
    ['scale', t.scale !== DEFAULT_TRANSFORM.scale ? t.scale : undefined],
    ['anchor', t.anchor !== DEFAULT_TRANSFORM.anchor ? t.anchor : undefined],
    ['bgcolor', t.background ? hex(t.background) : undefined],
    ['flip', (t.flipHorizontal ? 'h' : '') + (t.flipVertical ? 'v' : '') || undefined],
    ['rotate', t.rotate || undefined],
    ['crop', t.crop ? [t.crop.x1, t.crop.y1, t.crop.x2, t.crop.y2].join(',') : undefined],
    ['format', t.format],
    ['quality', t.format === 'jpeg' ? t.jpegQuality : undefined],
    ['webp.quality', t.format === 'webp' && !t.webpLossless ? t.webpQuality : undefined],
    ['webp.lossless', t.format === 'webp' && t.webpLossless ? 'true' : undefined],
    ['png.quality', t.format === 'png' ? t.pngQuality : undefined],
    ['trim', t.trim ? `${t.trim.threshold},${t.trim.percentPadding}` : undefined],
    ['srotate', t.sourceRotate || undefined],
    ['sflip', (t.sourceFlipHorizontal ? 'h' : '') + (t.sourceFlipVertical ? 'v' : '') || undefined],
    ['cropunits', t.cropUnits ? `${t.cropUnits.x ?? ''},${t.cropUnits.y ?? ''}` : undefined],
    ['filters', t.filters ? filtersKey(t.filters) : undefined],
    ['sharpen', t.sharpen ? `${t.sharpen.amount},${t.sharpen.when}` : undefined],
    ['down.filter', t.downFilter],
    ['up.filter', t.upFilter],
    ['ignoreicc', t.ignoreIcc ? 'true' : undefined],
  ];
  return entries
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The colour filters that change something, in a fixed order. */
function filtersKey(f: ColorFilters): string {
  return (
    ['grayscale', 'sepia', 'invert', 'alpha', 'contrast', 'brightness', 'saturation'] as const
  )
    .filter((name) => f[name] !== undefined && f[name] !== false && f[name] !== 0)
    .filter((name) => !(name === 'alpha' && f.alpha === 1))
    .map((name) => `${name}:${String(f[name])}`)
    .join(';');
}

function hex({ r, g, b, alpha }: Rgba): string {
  return [r, g, b, Math.round(alpha * 255)].map((v) => v.toString(16).padStart(2, '0')).join('');
}

/** Scale factors of the default render that larger renders are drawn at (then resized down). */
export const ENLARGEMENT_STEPS = [1.5, 2, 3, 4] as const;

/**
 * The size to render at when the transformation asks for more pixels than the default render
 * has (e.g. `width=2000` of a 1000-px view): the default size scaled up by the first of
 * {@link ENLARGEMENT_STEPS} that is enough (keeping its aspect ratio, at most `maxSide` per side),
 * so the answer is drawn sharp rather than enlarged, and a view has at most four larger renders.
 * Undefined when the default render is large enough, and when `crop` is given (its coordinates
 * are pixels of the default render).
 */
export function enlargedRenderSize(
  defaultSize: { width: number; height: number },
  transform: ImageTransform,
  maxSide: number,
): { width: number; height: number } | undefined {
  if (transform.crop) return undefined;
  // The box is of the output, after the rotations: a quarter turn swaps the render's sides.
  const quarter = (transform.rotate + transform.sourceRotate) % 180 === 90;
  const [boxWidth, boxHeight] = quarter
    ? [transform.height, transform.width]
    : [transform.width, transform.height];
  const ratios = [
    ...(boxWidth === undefined ? [] : [boxWidth / defaultSize.width]),
    ...(boxHeight === undefined ? [] : [boxHeight / defaultSize.height]),
  ];
  // `max` and `pad` fit the image inside the box; `crop` and `stretch` fill it.
  const fits = transform.mode === 'max' || transform.mode === 'pad';
  const factor =
    ratios.length === 0 ? transform.dpr : fits ? Math.min(...ratios) : Math.max(...ratios);
  if (factor <= 1) return undefined;
  // A few steps, not any size: each is a stored render, and callers choose the size.
  const step = ENLARGEMENT_STEPS.find((s) => s >= factor) ?? ENLARGEMENT_STEPS.at(-1)!;
  const fit = Math.min(step, maxSide / defaultSize.width, maxSide / defaultSize.height);
  if (fit <= 1) return undefined;
  return {
    width: Math.min(maxSide, Math.round(defaultSize.width * fit)),
    height: Math.min(maxSide, Math.round(defaultSize.height * fit)),
  };
}
