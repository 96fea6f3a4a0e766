/**
 * What moderation reads from an image's pixels (RGBA, 8 bits per channel, row by row): how much of
 * it is transparent, how much it varies, how many colours it has and whether its border is one
 * solid colour. Pure arithmetic over a (downscaled) copy; see image-analysis.ts for the decoding.
 * A worker-pool task module (pixelStatsTask): no imports, so a worker thread loads it alone.
 */

/** A pixel this opaque or more is visible (prints); less is treated as transparent. */
export const VISIBLE_ALPHA = 16;
/** At least this opaque counts as fully opaque (no partial transparency). */
export const OPAQUE_ALPHA = 240;
/** A colour counts when at least this share of the visible pixels has it (not edge smoothing). */
export const COLOUR_MIN_SHARE = 0.005;
/** Bits kept per channel when colours are counted (3: 512 possible colours). */
export const COLOUR_BITS = 3;
/** A border is solid when this share of its pixels is within BORDER_TOLERANCE of its mean. */
const BORDER_SOLID_SHARE = 0.9;
const BORDER_TOLERANCE = 24;

export interface PixelStats {
  /** Share of pixels less opaque than VISIBLE_ALPHA. */
  transparentShare: number;
  /** Share of visible pixels less opaque than OPAQUE_ALPHA. */
  partialShare: number;
  /** Standard deviation of the luminance of the visible pixels (0–255; 0 with none visible). */
  lumaStdDev: number;
  /** Standard deviation of the alpha channel over all pixels (0–255). */
  alphaStdDev: number;
  /** Distinct colours of the visible pixels after quantising (COLOUR_BITS per channel). */
  colours: number;
  /** The border's colour (`#rrggbb`) when the border is opaque and one solid colour. */
  solidBorder: string | undefined;
}

function stdDev(sum: number, sumSq: number, n: number): number {
  if (n === 0) return 0;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sumSq / n - mean * mean));
}

/** The statistics of an RGBA image of `width` × `height` pixels. */
export function pixelStats(rgba: Uint8Array, width: number, height: number): PixelStats {
  const n = width * height;
  if (n === 0 || rgba.length < n * 4) throw new Error('pixelStats needs RGBA pixels');
  const shift = 8 - COLOUR_BITS;
  const buckets = new Uint32Array(1 << (3 * COLOUR_BITS));
  let [transparent, partial, visible] = [0, 0, 0];
  let [lumaSum, lumaSq, alphaSum, alphaSq] = [0, 0, 0, 0];
  for (let i = 0; i < n * 4; i += 4) {
    const [r, g, b, a] = [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]];
    alphaSum += a;
    alphaSq += a * a;
    if (a < VISIBLE_ALPHA) {
      transparent++;
      continue;
    }
    visible++;
    if (a < OPAQUE_ALPHA) partial++;
    const luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    lumaSum += luma;
    lumaSq += luma * luma;
    buckets[(((r >> shift) << COLOUR_BITS) | (g >> shift)) * (1 << COLOUR_BITS) + (b >> shift)]++;
  }
  const least = Math.max(1, visible * COLOUR_MIN_SHARE);
  return {
    transparentShare: transparent / n,
    partialShare: visible === 0 ? 0 : partial / visible,
    lumaStdDev: stdDev(lumaSum, lumaSq, visible),
    alphaStdDev: stdDev(alphaSum, alphaSq, n),
    colours: buckets.reduce((count, c) => count + (c >= least ? 1 : 0), 0),
    solidBorder: solidBorder(rgba, width, height),
  };
}

/** The border's colour when (nearly) all of it is opaque and one colour. */
function solidBorder(rgba: Uint8Array, width: number, height: number): string | undefined {
  const at: number[] = [];
  for (let x = 0; x < width; x++) at.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) at.push(y * width, y * width + width - 1);
  const mean = [0, 0, 0];
  for (const p of at) for (let c = 0; c < 3; c++) mean[c] += rgba[p * 4 + c] / at.length;
  const close = at.filter(
    (p) =>
      rgba[p * 4 + 3] >= OPAQUE_ALPHA &&
      [0, 1, 2].every((c) => Math.abs(rgba[p * 4 + c] - mean[c]) <= BORDER_TOLERANCE),
  ).length;
  if (close < at.length * BORDER_SOLID_SHARE) return undefined;
  return `#${mean.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** pixelStats as a worker-pool task (image-analysis.ts runs it off the event loop). */
export function pixelStatsTask(task: { rgba: Uint8Array; width: number; height: number }) {
  return pixelStats(task.rgba, task.width, task.height);
}
