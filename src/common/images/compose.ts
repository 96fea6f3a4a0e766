import { sharp, type Sharp } from './sharp';
import { workerPool, workerTask } from '../workers/worker-pool';
import type * as loops from './pixel-loops';
import { deflateBytes } from '../compression/zlib';

/**
 * Raster operations of the renderer (src/render): decoding to raw RGBA, resizing, rotating,
 * rasterising the service's own SVG, compositing with blend modes and encoding PNG. Nothing loops
 * over pixels on the event loop: libvips does what it can with the same pixels (mask coverage,
 * tint, opacity), and the rest (blend modes, clipping and shading) runs in the worker pool
 * (pixel-loops.ts). Images travel between steps as raw, non-premultiplied 8-bit RGBA, so nothing
 * is decoded or encoded twice. Deterministic: the same inputs give the same bytes.
 */

/** Raw 8-bit RGBA pixels, not premultiplied, row by row. */
export interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

/** An axis-aligned rectangle of whole pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type CompositeBlend = 'over' | 'multiply' | 'screen' | 'overlay';

/** An image drawn onto a canvas with its top-left corner at (`left`, `top`). */
export interface PlacedImage {
  image: Rgba;
  left: number;
  top: number;
  blend?: CompositeBlend;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

const rawOf = (image: Rgba) => ({
  raw: { width: image.width, height: image.height, channels: 4 as const },
});

async function toRgba(pipeline: Sharp): Promise<Rgba> {
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** An image's pixel size, from its header (nothing is decoded); undefined when it has none. */
export async function imageSize(
  bytes: Buffer,
  limitInputPixels: number,
): Promise<{ width: number; height: number } | undefined> {
  const { width, height } = await sharp(bytes, { limitInputPixels }).metadata();
  return width && height ? { width, height } : undefined;
}

/**
 * Decodes an image (any format libvips reads from a buffer) to RGBA, stretched to `size` when
 * given and different. Refuses inputs of more than `limitInputPixels` pixels before decoding.
 */
export async function decodeRgba(
  bytes: Buffer,
  {
    limitInputPixels,
    size,
  }: { limitInputPixels: number; size?: { width: number; height: number } },
): Promise<Rgba> {
  const pipeline = sharp(bytes, { limitInputPixels, failOn: 'error' });
  if (size) pipeline.resize(size.width, size.height, { fit: 'fill' });
  return toRgba(pipeline);
}

/**
 * The part `region` of an encoded image stretched to `width` × `height` (`fit: fill`). libvips
 * computes only the pixels of the region, so a huge target size costs no more than the region.
 */
export async function decodeResizedRegion(
  bytes: Buffer,
  width: number,
  height: number,
  region: PixelRect,
  limitInputPixels: number,
): Promise<Rgba> {
  return toRgba(
    sharp(bytes, { limitInputPixels, failOn: 'error' })
      .resize(width, height, { fit: 'fill' })
      .extract(region),
  );
}

/** The image turned `degrees` clockwise about its centre, on a transparent canvas just big enough. */
export async function rotateRgba(image: Rgba, degrees: number): Promise<Rgba> {
  if (degrees % 360 === 0) return image;
  return toRgba(sharp(image.data, rawOf(image)).rotate(degrees, { background: TRANSPARENT }));
}

/** An SVG document the service wrote itself (never a caller's), 1 SVG unit = 1 pixel. */
export async function rasterizeSvgRgba(svg: string, limitInputPixels: number): Promise<Rgba> {
  return toRgba(sharp(Buffer.from(svg, 'utf8'), { density: 72, limitInputPixels }));
}

/**
 * The part of `placed` that falls on a `width` × `height` canvas, or null when none does. The cut
 * is made by libvips on the thread pool: copying the rows of a print-size image here held the
 * event loop for a third of a second.
 */
export async function clipToCanvas(
  placed: PlacedImage,
  width: number,
  height: number,
): Promise<PlacedImage | null> {
  const { image, left, top } = placed;
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, left + image.width);
  const y1 = Math.min(height, top + image.height);
  if (x1 <= x0 || y1 <= y0) return null;
  if (x0 === left && y0 === top && x1 - x0 === image.width && y1 - y0 === image.height) {
    return placed;
  }
  const cut = await extractRgba(image, {
    left: x0 - left,
    top: y0 - top,
    width: x1 - x0,
    height: y1 - y0,
  });
  return { ...placed, image: cut, left: x0, top: y0 };
}

/**
 * The image seen through `window` (a rectangle in its pixels that may reach beyond it): a
 * window-sized image, transparent where the window leaves the image. The image itself when the
 * window is exactly the image. By libvips, off the event loop.
 */
export async function windowRgba(image: Rgba, window: PixelRect): Promise<Rgba> {
  const { left, top, width, height } = window;
  if (left === 0 && top === 0 && width === image.width && height === image.height) return image;
  const inside = await clipToCanvas({ image, left: -left, top: -top }, width, height);
  if (!inside) return { data: Buffer.alloc(width * height * 4), width, height };
  const { image: seen } = inside;
  if (seen.width === width && seen.height === height) return seen;
  return toRgba(
    sharp(seen.data, rawOf(seen)).extend({
      left: inside.left,
      top: inside.top,
      right: width - inside.left - seen.width,
      bottom: height - inside.top - seen.height,
      background: TRANSPARENT,
    }),
  );
}

/** A copy of `rect` of the image (which must lie inside it), cut by libvips. */
export function extractRgba(image: Rgba, rect: PixelRect): Promise<Rgba> {
  return toRgba(sharp(image.data, rawOf(image)).extract(rect));
}

/**
 * `layers` drawn over each other in order on a `width` × `height` canvas, transparent or filled
 * with `background` (`#rrggbb`), or on `base`; parts outside the canvas are cut off. Only plain
 * `over` compositing: blend modes go through blendInto.
 */
export async function compositeRgba(
  width: number,
  height: number,
  layers: PlacedImage[],
  background?: string,
  base?: Rgba,
): Promise<Rgba> {
  const inputs = (await Promise.all(layers.map((layer) => clipToCanvas(layer, width, height))))
    .filter((layer): layer is PlacedImage => layer !== null)
    .map(({ image, left, top }) => ({ input: image.data, ...rawOf(image), left, top }));
  if (base && inputs.length === 0) return base;
  const canvas = base
    ? sharp(base.data, rawOf(base))
    : sharp({ create: { width, height, channels: 4, background: background ?? TRANSPARENT } });
  return toRgba(inputs.length > 0 ? canvas.composite(inputs) : canvas);
}

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
 * PNG bytes of the image, stretched to `size` first when given and different; with `dpi`, the
 * resolution is written into the file (pHYs), as print files need.
 */
export async function encodePng(
  image: Rgba,
  size?: { width: number; height: number },
  options: { dpi?: number } = {},
): Promise<Buffer> {
  const pipeline = sharp(image.data, rawOf(image));
  if (size && (size.width !== image.width || size.height !== image.height)) {
    pipeline.resize(size.width, size.height, { fit: 'fill' });
  }
  if (options.dpi) pipeline.withMetadata({ density: options.dpi });
  return pipeline.png({ compressionLevel: 6 }).toBuffer();
}

/**
 * The image's colour and its alpha as separate raw planes, each deflated (zlib): what a PDF image
 * and its soft mask hold. The colour is the image's RGB, or with `cmykProfile` (an ICC profile's
 * path) CMYK converted through that profile by libvips (perceptual intent). Done by libvips and
 * zlib off the event loop.
 */
export async function deflatedPlanes(
  image: Rgba,
  cmykProfile?: string,
): Promise<{ colour: Buffer; alpha: Buffer; components: 3 | 4 }> {
  const input = () => sharp(image.data, rawOf(image));
  const colourPipeline = input().removeAlpha();
  if (cmykProfile) colourPipeline.withIccProfile(cmykProfile, { attach: false });
  const [colour, alpha] = await Promise.all([
    colourPipeline.raw().toBuffer({ resolveWithObject: true }),
    input().extractChannel(3).raw().toBuffer(),
  ]);
  const components = cmykProfile ? 4 : 3;
  // libvips converts nothing, silently, with a profile it cannot read.
  if (colour.info.channels !== components)
    throw new Error(`colour conversion gave ${colour.info.channels} channels, not ${components}`);
  const [colourZ, alphaZ] = await Promise.all([deflateBytes(colour.data), deflateBytes(alpha)]);
  return { colour: colourZ, alpha: alphaZ, components };
}

/**
 * `#rrggbb` colours in CMYK (0–1 per ink) through the ICC profile at `cmykProfile`, as images are
 * converted (see deflatedPlanes): one row of pixels through libvips.
 */
export async function cmykColours(
  hexes: string[],
  cmykProfile: string,
): Promise<Map<string, [number, number, number, number]>> {
  const unique = [...new Set(hexes.map((h) => h.toLowerCase()))];
  const out = new Map<string, [number, number, number, number]>();
  if (unique.length === 0) return out;
  const row = Buffer.from(
    unique.flatMap((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))),
  );
  const { data, info } = await sharp(row, { raw: { width: unique.length, height: 1, channels: 3 } })
    .withIccProfile(cmykProfile, { attach: false })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4)
    throw new Error(`colour conversion gave ${info.channels} channels, not 4`);
  unique.forEach((hex, i) => {
    const [c, m, y, k] = [...data.subarray(i * 4, i * 4 + 4)].map((v) => v / 255);
    out.set(hex, [c, m, y, k]);
  });
  return out;
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
