import type { ColorFilters, ResampleKernel, SharpenWhen } from './legacy-filters';
/**
 * The image-resizer transformation as data, and the arithmetic that turns it into pixel sizes.
 * No sharp here: the layout is pure so that its rules can be tested without decoding images.
 */

export const RESIZE_MODES = ['max', 'pad', 'crop', 'stretch'] as const;
/** `max` fits inside the box; `pad` fits and pads to the box; `crop` covers and crops; `stretch` fills. */
export type ResizeMode = (typeof RESIZE_MODES)[number];

export const SCALE_MODES = ['down', 'both', 'up', 'canvas'] as const;
/** `down` never enlarges; `up` never shrinks; `both` either; `canvas` enlarges the canvas, not the image. */
export type ScaleMode = (typeof SCALE_MODES)[number];

/** Fractions of the free (or overflowing) space left of and above the image, per anchor. */
export const ANCHORS = {
  topleft: [0, 0],
  topcenter: [0.5, 0],
  topright: [1, 0],
  middleleft: [0, 0.5],
  middlecenter: [0.5, 0.5],
  middleright: [1, 0.5],
  bottomleft: [0, 1],
  bottomcenter: [0.5, 1],
  bottomright: [1, 1],
} as const;
export type Anchor = keyof typeof ANCHORS;

export const OUTPUT_FORMATS = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type OutputFormat = keyof typeof OUTPUT_FORMATS;

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) … 1 (opaque), as sharp expects. */
  alpha: number;
}

/**
 * Crop rectangle in source pixels (before rotation). `x2`/`y2` of 0 or less count from the right /
 * bottom edge (`0` is the edge itself, `-10` ten pixels inside it), as in image-resizer.
 */
export interface CropRect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A complete, validated transformation; build one with the render request parser. */
export interface ImageTransform {
  /** Target box in output pixels (already multiplied by `dpr`); one alone keeps the aspect ratio. */
  width?: number;
  height?: number;
  /** Device pixel ratio; scales the source's own size when neither width nor height is given. */
  dpr: number;
  mode: ResizeMode;
  scale: ScaleMode;
  anchor: Anchor;
  /** Padding colour; undefined: transparent (white under JPEG, which has no alpha). */
  background?: Rgba;
  flipHorizontal: boolean;
  flipVertical: boolean;
  /** Clockwise quarter turns in degrees. */
  rotate: 0 | 90 | 180 | 270;
  crop?: CropRect;
  format: OutputFormat;
  jpegQuality: number;
  webpQuality: number;
  webpLossless: boolean;
  /** When set, PNG output is palette-quantised at this quality (1–100); otherwise lossless RGBA. */
  pngQuality?: number;
  /** Legacy source stages, before `crop`: trimming a uniform border, then a turn and a mirror. */
  trim?: { threshold: number; percentPadding: number };
  sourceRotate: 0 | 90 | 180 | 270;
  sourceFlipHorizontal: boolean;
  sourceFlipVertical: boolean;
  /** The units `crop` is given in (`cropxunits`/`cropyunits`): the source's width/height in them. */
  cropUnits?: { x?: number; y?: number };
  /** Legacy colour filters, after scaling and before padding (see legacy-filters). */
  filters?: ColorFilters;
  sharpen?: { amount: number; when: SharpenWhen };
  /** Resampling kernels when shrinking / enlarging (default lanczos3). */
  downFilter?: ResampleKernel;
  upFilter?: ResampleKernel;
  /** Ignore the source's embedded ICC profile (`ignoreicc`). */
  ignoreIcc: boolean;
}

/** The identity transform: what a request without image-resizer parameters means. */
export const DEFAULT_TRANSFORM: ImageTransform = {
  dpr: 1,
  mode: 'max',
  scale: 'down',
  anchor: 'middlecenter',
  flipHorizontal: false,
  flipVertical: false,
  rotate: 0,
  format: 'png',
  jpegQuality: 90,
  webpQuality: 90,
  webpLossless: false,
  sourceRotate: 0,
  sourceFlipHorizontal: false,
  sourceFlipVertical: false,
  ignoreIcc: false,
};

/** Where the resized image sits on the output canvas (offsets may be negative: cropped away). */
export interface Layout {
  imageWidth: number;
  imageHeight: number;
  canvasWidth: number;
  canvasHeight: number;
  left: number;
  top: number;
}

/** Pixel rectangle `{left, top, width, height}` of a crop inside a `width` × `height` source, or null if empty. */
export function resolveCrop(
  crop: CropRect,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | null {
  const x1 = clamp(Math.round(crop.x1), 0, width);
  const y1 = clamp(Math.round(crop.y1), 0, height);
  const x2 = clamp(Math.round(crop.x2 <= 0 ? width + crop.x2 : crop.x2), 0, width);
  const y2 = clamp(Math.round(crop.y2 <= 0 ? height + crop.y2 : crop.y2), 0, height);
  if (x2 <= x1 || y2 <= y1) return null;
  return { left: x1, top: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * Lays a `sourceWidth` × `sourceHeight` image out in the transform's box. First the box is filled
 * as the mode says; then, when the scale rule forbids the image's scaling (`down`/`canvas`: no
 * enlarging, `up`: no shrinking), the whole layout is scaled back so the image keeps its own size
 * and the canvas keeps the requested proportions — except under `canvas`, where the canvas keeps
 * the requested size and the native-size image is padded (or cropped) at the anchor.
 */
export function planLayout(
  sourceWidth: number,
  sourceHeight: number,
  t: Pick<ImageTransform, 'width' | 'height' | 'dpr' | 'mode' | 'scale' | 'anchor'>,
): Layout {
  const aspect = sourceWidth / sourceHeight;
  const boxW: number =
    t.width ?? (t.height === undefined ? sourceWidth * t.dpr : t.height * aspect);
  const boxH: number =
    t.height ?? (t.width === undefined ? sourceHeight * t.dpr : t.width / aspect);
  const fitX = boxW / sourceWidth;
  const fitY = boxH / sourceHeight;
  let fx: number;
  let fy: number;
  let canvasW: number;
  let canvasH: number;
  switch (t.mode) {
    case 'stretch':
      [fx, fy, canvasW, canvasH] = [fitX, fitY, boxW, boxH];
      break;
    case 'crop':
      fx = fy = Math.max(fitX, fitY);
      [canvasW, canvasH] = [boxW, boxH];
      break;
    case 'pad':
      fx = fy = Math.min(fitX, fitY);
      [canvasW, canvasH] = [boxW, boxH];
      break;
    case 'max':
      fx = fy = Math.min(fitX, fitY);
      [canvasW, canvasH] = [sourceWidth * fx, sourceHeight * fy];
      break;
  }
  const tooBig = Math.max(fx, fy) > 1;
  const tooSmall = Math.min(fx, fy) < 1;
  if (t.scale === 'canvas' && tooBig) {
    // The image is not enlarged along either axis; the canvas stays the box.
    [fx, fy] = [Math.min(fx, 1), Math.min(fy, 1)];
  } else if ((t.scale === 'down' && tooBig) || (t.scale === 'up' && tooSmall)) {
    const back = t.scale === 'down' ? Math.max(fx, fy) : Math.min(fx, fy);
    [fx, fy, canvasW, canvasH] = [fx / back, fy / back, canvasW / back, canvasH / back];
  }
  const imageWidth = Math.max(1, Math.round(sourceWidth * fx));
  const imageHeight = Math.max(1, Math.round(sourceHeight * fy));
  const canvasWidth = Math.max(1, Math.round(canvasW));
  const canvasHeight = Math.max(1, Math.round(canvasH));
  const [ax, ay] = ANCHORS[t.anchor];
  return {
    imageWidth,
    imageHeight,
    canvasWidth,
    canvasHeight,
    left: Math.round((canvasWidth - imageWidth) * ax),
    top: Math.round((canvasHeight - imageHeight) * ay),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
