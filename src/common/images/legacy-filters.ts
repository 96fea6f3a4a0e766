/**
 * The legacy image filters of the ImageResizer/Imageflow query API that storefront URLs still
 * carry (`s.grayscale`, `s.sepia`, `s.invert`, `s.alpha`, `s.contrast`, `s.brightness`,
 * `s.saturation`, `f.sharpen`, `down.filter`/`up.filter`), as libvips operations: the colour
 * filters compose into one affine map of RGB (a recombination matrix and offsets) and an alpha
 * factor, applied in this order: grayscale, sepia, saturation, contrast, brightness, invert,
 * alpha.
 */

export const GRAYSCALE_MODES = ['ntsc', 'bt709', 'flat'] as const;
export type GrayscaleMode = (typeof GRAYSCALE_MODES)[number];

export const SHARPEN_WHEN = ['always', 'downscaling', 'sizediffers'] as const;
export type SharpenWhen = (typeof SHARPEN_WHEN)[number];

/** libvips's resampling kernels (sharp `resize({ kernel })`). */
export type ResampleKernel = 'nearest' | 'linear' | 'cubic' | 'mitchell' | 'lanczos2' | 'lanczos3';

/**
 * The legacy filter names (case, `_` and `-` ignored) and the libvips kernel closest to each:
 * box filters sample the nearest pixel, triangle ones are linear, the Catmull-Rom family is
 * libvips's cubic, Robidoux (a Keys cubic close to Mitchell-Netravali) and Mitchell are
 * Mitchell, two-lobed Lanczos is lanczos2, and the three-lobed and windowed-sinc family (Lanczos,
 * Ginseng, Jinc) is lanczos3.
 */
export const RESAMPLE_FILTERS: Readonly<Record<string, ResampleKernel>> = {
  box: 'nearest',
  fastest: 'nearest',
  triangle: 'linear',
  linear: 'linear',
  cubic: 'cubic',
  cubicsharp: 'cubic',
  catmullrom: 'cubic',
  hermite: 'cubic',
  ncubic: 'cubic',
  ncubicsharp: 'cubic',
  cubicbspline: 'mitchell',
  mitchell: 'mitchell',
  robidoux: 'mitchell',
  robidouxsharp: 'mitchell',
  robidouxfast: 'mitchell',
  lanczos2: 'lanczos2',
  lanczos2sharp: 'lanczos2',
  lanczos: 'lanczos3',
  lanczos3: 'lanczos3',
  lanczossharp: 'lanczos3',
  ginseng: 'lanczos3',
  ginsengsharp: 'lanczos3',
  jinc: 'lanczos3',
};

/** A legacy filter name as RESAMPLE_FILTERS keys it. */
export function filterKey(name: string): string {
  return name.toLowerCase().replace(/[_\-\s]/g, '');
}

export interface ColorFilters {
  grayscale?: GrayscaleMode;
  sepia?: boolean;
  invert?: boolean;
  /** Opacity factor, 0–1. */
  alpha?: number;
  /** −1–1 each; 0 changes nothing. */
  contrast?: number;
  brightness?: number;
  saturation?: number;
}

/** An affine map of RGB (`rgb' = matrix · rgb + offset`, 0–255) and a factor for alpha. */
export interface ColorMap {
  matrix: [[number, number, number], [number, number, number], [number, number, number]];
  offset: [number, number, number];
  alpha: number;
}

const LUMA: Record<GrayscaleMode, [number, number, number]> = {
  ntsc: [0.299, 0.587, 0.114],
  bt709: [0.2126, 0.7152, 0.0722],
  flat: [1 / 3, 1 / 3, 1 / 3],
};
/** Luminance weights of the saturation matrix (the classic linear-RGB ones). */
const SATURATION_LUMA: [number, number, number] = [0.3086, 0.6094, 0.082];
const SEPIA: ColorMap['matrix'] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];
const IDENTITY: ColorMap['matrix'] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

type Affine = { matrix: ColorMap['matrix']; offset: ColorMap['offset'] };

/** `next` after `current`. */
function then(current: Affine, next: Affine): Affine {
  const row = (i: number) =>
    [0, 1, 2].map(
      (j) =>
        next.matrix[i][0] * current.matrix[0][j] +
        next.matrix[i][1] * current.matrix[1][j] +
        next.matrix[i][2] * current.matrix[2][j],
    ) as [number, number, number];
  const offset = (i: number) =>
    next.matrix[i][0] * current.offset[0] +
    next.matrix[i][1] * current.offset[1] +
    next.matrix[i][2] * current.offset[2] +
    next.offset[i];
  return { matrix: [row(0), row(1), row(2)], offset: [offset(0), offset(1), offset(2)] };
}

const rowsOf = (w: [number, number, number]): ColorMap['matrix'] => [[...w], [...w], [...w]];
const scaled = (m: ColorMap['matrix'], s: number): ColorMap['matrix'] =>
  m.map((r) => r.map((v) => v * s)) as ColorMap['matrix'];
const sum = (a: ColorMap['matrix'], b: ColorMap['matrix']): ColorMap['matrix'] =>
  a.map((r, i) => r.map((v, j) => v + b[i][j])) as ColorMap['matrix'];

/** The filters as one colour map; undefined when they change nothing. */
export function colorMap(f: ColorFilters): ColorMap | undefined {
  const steps: Affine[] = [];
  const none: [number, number, number] = [0, 0, 0];
  if (f.grayscale) steps.push({ matrix: rowsOf(LUMA[f.grayscale]), offset: none });
  if (f.sepia) steps.push({ matrix: SEPIA, offset: none });
  if (f.saturation) {
    const s = 1 + f.saturation;
    steps.push({
      matrix: sum(scaled(rowsOf(SATURATION_LUMA), 1 - s), scaled(IDENTITY, s)),
      offset: none,
    });
  }
  if (f.contrast) {
    const c = 1 + f.contrast;
    const o = 128 * (1 - c);
    steps.push({ matrix: scaled(IDENTITY, c), offset: [o, o, o] });
  }
  if (f.brightness) {
    const b = 255 * f.brightness;
    steps.push({ matrix: IDENTITY, offset: [b, b, b] });
  }
  if (f.invert) steps.push({ matrix: scaled(IDENTITY, -1), offset: [255, 255, 255] });
  const alpha = f.alpha ?? 1;
  if (steps.length === 0 && alpha === 1) return undefined;
  const { matrix, offset } = steps.reduce(then, { matrix: IDENTITY, offset: [0, 0, 0] });
  return { matrix, offset, alpha };
}

/** `f.sharpen` (0–99) as the sigma of libvips's sharpen: 0.5 (slight) to 3 (strong). */
export function sharpenSigma(amount: number): number {
  return 0.5 + (2.5 * amount) / 99;
}
