import type { UploadFormat } from './images';
import type { ImageTransform } from './transform-layout';

/**
 * What image work allocates at its peak, known before anything is decoded: the weights its tasks
 * hold in IMAGE_MEMORY_BUDGET_MB (WorkPools.memory). Print jobs have their own model
 * (printJobBytes in recipe-sets/print-cost.ts); renders theirs (renderBytes in render/renderer.ts).
 *
 * Encoders were measured on sharp 0.35 (libvips 8.18, libwebp 1.6, mozjpeg), one 4096 × 4096
 * encode from a PNG in a fresh process, peak RSS over the process before (`VmHWM`):
 * PNG +19 MiB, PNG with a palette +126, JPEG 4:4:4 +209, GIF +184, lossy WebP +281, lossless WebP
 * +291: per output pixel, the table below (rounded up). A decoded image held whole (a raw stage, a
 * padded canvas) is 4 bytes a pixel more. Lossless WebP depends on the content: random pixels (the
 * worst case) at libwebp's default effort took +169 MiB at 2048², +335 at 2896² and +665 at 4096²
 * (~42 bytes an output pixel, the decoded PNG included; effort 0 still ~28).
 */

/** Bytes per output pixel each encoder holds at its peak (see above). */
export const ENCODER_BYTES_PER_PIXEL = {
  png: 2,
  pngPalette: 8,
  jpeg: 13,
  gif: 12,
  webp: 18,
  webpLossless: 42,
  tiff: 2,
} as const;

/**
 * The most pixels a lossless WebP is encoded at (2048 × 2048): ~170 MiB at worst (above). Larger
 * lossless outputs are refused (400) before anything is decoded; PNG is lossless too and its
 * encoder holds 2 bytes a pixel.
 */
export const LOSSLESS_WEBP_MAX_PIXELS = 2048 * 2048;

export type Encoder = keyof typeof ENCODER_BYTES_PER_PIXEL;

/** Raw RGBA: 4 bytes a pixel. */
const RAW_BYTES_PER_PIXEL = 4;

/** The encoder a transformation's output uses. */
export function transformEncoder(t: ImageTransform): Encoder {
  if (t.format === 'png') return t.pngQuality === undefined ? 'png' : 'pngPalette';
  if (t.format === 'webp' && t.webpLossless) return 'webpLossless';
  return t.format;
}

/**
 * What a transformation of an image of `inputPixels` into `outputPixels` allocates at most: the
 * source decoded whole (its raw stages), the output canvas, and the encoder's buffers.
 */
export function transformBytes(
  inputPixels: number,
  outputPixels: number,
  t: ImageTransform,
): number {
  const encoder = ENCODER_BYTES_PER_PIXEL[transformEncoder(t)];
  return RAW_BYTES_PER_PIXEL * inputPixels + (RAW_BYTES_PER_PIXEL + encoder) * outputPixels;
}

/** What an upload's normalisation (decoded, turned upright, encoded again) allocates at most. */
export function uploadBytes(format: UploadFormat, pixels: number, frames: number): number {
  const all = pixels * Math.max(1, frames);
  return (RAW_BYTES_PER_PIXEL + ENCODER_BYTES_PER_PIXEL[format]) * all;
}
