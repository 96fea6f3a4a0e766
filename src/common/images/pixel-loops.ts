/**
 * The renderer's per-pixel steps that libvips cannot do with the same pixels: blend modes on
 * non-premultiplied colours, clipping by a coverage and shading. A worker-pool task module (see
 * common/workers): layer-effects.ts runs these in worker threads, never on the event loop.
 * Buffers arrive on SharedArrayBuffers, so nothing large is copied between threads; results are
 * written in place. No imports: a worker thread loads this file alone.
 */

/** Raw 8-bit RGBA pixels, not premultiplied, row by row (compose.ts Rgba, as cloned to a thread). */
export interface RgbaPlane {
  data: Uint8Array;
  width: number;
  height: number;
}

export type BlendMode = 'over' | 'multiply' | 'screen' | 'overlay';

type BlendFunction = (backdrop: number, source: number) => number;

/** Separable blend functions of W3C Compositing and Blending, on colours in 0–1. */
const BLENDS: Record<BlendMode, BlendFunction> = {
  over: (_b, s) => s,
  multiply: (b, s) => b * s,
  screen: (b, s) => b + s - b * s,
  overlay: (b, s) => (b <= 0.5 ? 2 * b * s : 1 - 2 * (1 - b) * (1 - s)),
};

/**
 * Draws `image` onto `canvas` in place at (`left`, `top`) (the image lies on the canvas) with its
 * blend mode, by the W3C Compositing and Blending formulas on non-premultiplied colours: the
 * blended colour where the canvas is opaque, the image's own where it is transparent, then
 * source-over.
 */
export function blend(task: {
  canvas: RgbaPlane;
  image: RgbaPlane;
  left: number;
  top: number;
  mode: BlendMode;
}): void {
  const { canvas, image, left, top } = task;
  const fn = BLENDS[task.mode];
  const src = image.data;
  const dst = canvas.data;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const p = (y * image.width + x) * 4;
      const as = src[p + 3] / 255;
      if (as === 0) continue;
      const q = ((top + y) * canvas.width + left + x) * 4;
      const ab = dst[q + 3] / 255;
      if (as === 1 && ab === 1) {
        // Both opaque (most pixels): the formula reduces to the blend function.
        for (let c = 0; c < 3; c++)
          dst[q + c] = Math.round(fn(dst[q + c] / 255, src[p + c] / 255) * 255);
        continue;
      }
      const ao = as + ab * (1 - as);
      for (let c = 0; c < 3; c++) {
        const cs = src[p + c] / 255;
        const cb = dst[q + c] / 255;
        const mixed = (1 - ab) * cs + ab * fn(cb, cs);
        dst[q + c] = Math.round(((as * mixed + ab * (1 - as) * cb) / ao) * 255);
      }
      dst[q + 3] = Math.round(ao * 255);
    }
  }
}

/**
 * Shade factors of an overlay, written to `out` (three bytes per pixel): its colour flattened on
 * white (transparent = no change), to multiply with.
 */
export function shadeFactors(task: { overlay: RgbaPlane; out: Uint8Array }): void {
  const { overlay, out } = task;
  const n = overlay.width * overlay.height;
  const d = overlay.data;
  for (let i = 0; i < n; i++) {
    const a = d[i * 4 + 3];
    for (let c = 0; c < 3; c++) {
      out[i * 3 + c] = Math.round((d[i * 4 + c] * a + 255 * (255 - a)) / 255);
    }
  }
}

/**
 * Clips an image placed at (`left`, `top`) on a canvas `canvasWidth` wide by the canvas-sized
 * `coverage` (its alpha times the coverage) and shades it by the canvas-sized `shade` factors
 * (its colour times the factor), in place.
 */
export function clipAndShade(task: {
  image: RgbaPlane;
  left: number;
  top: number;
  canvasWidth: number;
  coverage?: Uint8Array;
  shade?: Uint8Array;
}): void {
  const { image, left, top, canvasWidth, coverage, shade } = task;
  const d = image.data;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const p = (y * image.width + x) * 4;
      const q = (top + y) * canvasWidth + left + x;
      if (coverage) d[p + 3] = Math.round((d[p + 3] * coverage[q]) / 255);
      if (shade && d[p + 3] > 0) {
        d[p] = Math.round((d[p] * shade[q * 3]) / 255);
        d[p + 1] = Math.round((d[p + 1] * shade[q * 3 + 1]) / 255);
        d[p + 2] = Math.round((d[p + 2] * shade[q * 3 + 2]) / 255);
      }
    }
  }
}
