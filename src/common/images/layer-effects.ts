import { sharp } from './sharp';
import { workerPool, workerTask } from '../workers/worker-pool';
import type * as loops from './pixel-loops';
import { clipToCanvas, PlacedImage, rawOf, Rgba, toRgba } from './compose';

/**
 * What the renderer does to a layer beyond placing it (see compose.ts): blend modes, masks
 * (coverage, tint), opacity and shading. libvips does what it can; blending, clipping and shading
 * run in the worker pool (pixel-loops.ts), on shared memory.
 */

const PIXEL_LOOPS = 'common/images/pixel-loops';
const blendTask = workerTask<Parameters<typeof loops.blend>[0], void>(PIXEL_LOOPS, 'blend');
const shadeTask = workerTask<Parameters<typeof loops.shadeFactors>[0], void>(
  PIXEL_LOOPS,
  'shadeFactors',
);
const clipAndShadeTask = workerTask<Parameters<typeof loops.clipAndShade>[0], void>(
  PIXEL_LOOPS,
  'clipAndShade',
);

/** Bytes copied per turn of the event loop into shared memory (about a millisecond each). */
const COPY_CHUNK = 4 * 1024 * 1024;

/**
 * A copy of `bytes` on a SharedArrayBuffer (or `bytes` itself when already there): a worker
 * thread then reads and writes the same memory, nothing is cloned between threads. A large
 * image (80 MB at 4096 px) is copied a few MB per turn, so other requests go on meanwhile.
 */
async function shared(bytes: Buffer): Promise<Buffer> {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const copy = Buffer.from(new SharedArrayBuffer(bytes.length));
  for (let at = 0; at < bytes.length; at += COPY_CHUNK) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    copy.set(bytes.subarray(at, at + COPY_CHUNK), at);
  }
  return copy;
}

/**
 * The canvas with a placed image drawn on it with its blend mode, by the W3C Compositing and
 * Blending formulas on non-premultiplied colours (libvips' composite applies the blend to
 * premultiplied colours, which darkens a half-transparent multiply): in a worker thread
 * (pixel-loops.ts blend). The canvas's pixels may be updated in place; use the answer.
 */
export async function blendInto(canvas: Rgba, placed: PlacedImage): Promise<Rgba> {
  const cut = await clipToCanvas(placed, canvas.width, canvas.height);
  if (!cut) return canvas;
  const target = { ...canvas, data: await shared(canvas.data) };
  const { image, left, top } = cut;
  await workerPool().run(blendTask, {
    canvas: target,
    image: { ...image, data: await shared(image.data) },
    left,
    top,
    mode: placed.blend ?? 'over',
  });
  return target;
}

/**
 * How much of each pixel a mask covers (0–255, one byte per pixel): its alpha, or its luminance
 * (Rec. 709, rounded) when the mask is fully opaque (a black-and-white mask without
 * transparency). By libvips; in shared memory, as clipAndShade hands it to a worker thread.
 */
export async function maskCoverage(mask: Rgba): Promise<Buffer> {
  const input = () => sharp(mask.data, rawOf(mask));
  const { channels } = await input().stats();
  if (channels[3].min !== 255) return shared(await input().extractChannel(3).raw().toBuffer());
  return shared(
    await input()
      .removeAlpha()
      .recomb([
        [0.2126, 0.7152, 0.0722],
        [0, 0, 0],
        [0, 0, 0],
      ])
      // libvips truncates to 8 bits: + 0.5 rounds, as the luminance always did.
      .linear(1, 0.5)
      .extractChannel(0)
      .raw()
      .toBuffer(),
  );
}

/** `#rrggbb` → [r, g, b]. */
export function parseHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A solid colour whose alpha is `coverage` (one byte per pixel of a `width` × `height` image). */
export async function tintCoverage(
  coverage: Buffer,
  width: number,
  height: number,
  hex: string,
): Promise<Rgba> {
  const [r, g, b] = parseHex(hex);
  const colour = sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  return toRgba(colour.joinChannel(coverage, { raw: { width, height, channels: 1 } }));
}

/** A copy of the image with its alpha scaled by `opacity` (0–1), rounded; by libvips. */
export async function withOpacity(image: Rgba, opacity: number): Promise<Rgba> {
  if (opacity >= 1) return image;
  // libvips truncates to 8 bits: + 0.5 rounds.
  return toRgba(sharp(image.data, rawOf(image)).linear([1, 1, 1, opacity], [0, 0, 0, 0.5]));
}

/**
 * An overlay prepared for shading: its colour flattened on white (transparent = no change), three
 * bytes per pixel, to multiply with. In a worker thread (libvips' flatten rounds differently).
 */
export async function shadeFactors(overlay: Rgba): Promise<Buffer> {
  const out = Buffer.from(new SharedArrayBuffer(overlay.width * overlay.height * 3));
  await workerPool().run(shadeTask, {
    overlay: { ...overlay, data: await shared(overlay.data) },
    out,
  });
  return out;
}

/**
 * Clips a placed image by a canvas-sized coverage (its alpha times the coverage) and shades it by
 * canvas-sized shade factors (its colour times the factor), in a worker thread. The image must
 * lie on the canvas (see clipToCanvas); `canvasWidth` is the row length of `coverage` and
 * `shade`. Answers the placed image with its new pixels (the old buffer may have changed too).
 */
export async function clipAndShade(
  placed: PlacedImage,
  canvasWidth: number,
  coverage: Buffer | undefined,
  shade: Buffer | undefined,
): Promise<PlacedImage> {
  if (!coverage && !shade) return placed;
  const image = { ...placed.image, data: await shared(placed.image.data) };
  await workerPool().run(clipAndShadeTask, {
    image,
    left: placed.left,
    top: placed.top,
    canvasWidth,
    coverage: coverage && (await shared(coverage)),
    shade: shade && (await shared(shade)),
  });
  return { ...placed, image };
}
