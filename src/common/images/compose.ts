import { promisify } from 'node:util';
import { yieldToLoop } from '../scheduling/yield-to-loop';
import { deflate } from 'node:zlib';
import sharp from 'sharp';

const deflateAsync = promisify(deflate);

/**
 * Raster operations of the renderer (src/render): decoding to raw RGBA, resizing, rotating,
 * rasterising the service's own SVG, compositing with blend modes and encoding PNG, plus a few
 * per-pixel steps done in plain loops over raw buffers (tinting a mask, clipping, shading), where
 * a libvips pipeline would cost more passes than it saves. Images travel between steps as raw,
 * non-premultiplied 8-bit RGBA, so nothing is decoded or encoded twice. Deterministic: the same
 * inputs give the same bytes.
 */

/**
 * The pixel loops in JavaScript (blending, clipping) offer the event loop a turn this often, so
 * that renders do not hold up other requests (see yieldToLoop: it yields only after 10 ms).
 */
const ROWS_BETWEEN_YIELDS = 16;

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

async function toRgba(pipeline: sharp.Sharp): Promise<Rgba> {
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
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

/** The part of `placed` that falls on a `width` × `height` canvas, or null when none does. */
export function clipToCanvas(
  placed: PlacedImage,
  width: number,
  height: number,
): PlacedImage | null {
  const { image, left, top } = placed;
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, left + image.width);
  const y1 = Math.min(height, top + image.height);
  if (x1 <= x0 || y1 <= y0) return null;
  if (x0 === left && y0 === top && x1 - x0 === image.width && y1 - y0 === image.height) {
    return placed;
  }
  const cut = extractRgba(image, {
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
 * window is exactly the image.
 */
export function windowRgba(image: Rgba, window: PixelRect): Rgba {
  const { left, top, width, height } = window;
  if (left === 0 && top === 0 && width === image.width && height === image.height) return image;
  const out: Rgba = { data: Buffer.alloc(width * height * 4), width, height };
  const inside = clipToCanvas({ image, left: -left, top: -top }, width, height);
  if (!inside) return out;
  const rowBytes = inside.image.width * 4;
  for (let y = 0; y < inside.image.height; y++) {
    const to = ((inside.top + y) * width + inside.left) * 4;
    inside.image.data.copy(out.data, to, y * rowBytes, (y + 1) * rowBytes);
  }
  return out;
}

/** A copy of `rect` of the image (which must lie inside it). */
export function extractRgba(image: Rgba, rect: PixelRect): Rgba {
  const data = Buffer.alloc(rect.width * rect.height * 4);
  const rowBytes = rect.width * 4;
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.top + y) * image.width + rect.left) * 4;
    image.data.copy(data, y * rowBytes, from, from + rowBytes);
  }
  return { data, width: rect.width, height: rect.height };
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
  const inputs = layers
    .map((layer) => clipToCanvas(layer, width, height))
    .filter((layer): layer is PlacedImage => layer !== null)
    .map(({ image, left, top }) => ({ input: image.data, ...rawOf(image), left, top }));
  if (base && inputs.length === 0) return base;
  const canvas = base
    ? sharp(base.data, rawOf(base))
    : sharp({ create: { width, height, channels: 4, background: background ?? TRANSPARENT } });
  return toRgba(inputs.length > 0 ? canvas.composite(inputs) : canvas);
}

type BlendFunction = (backdrop: number, source: number) => number;

/** Separable blend functions of W3C Compositing and Blending, on colours in 0–1. */
const BLENDS: Record<Exclude<CompositeBlend, 'over'>, BlendFunction> = {
  multiply: (b, s) => b * s,
  screen: (b, s) => b + s - b * s,
  overlay: (b, s) => (b <= 0.5 ? 2 * b * s : 1 - 2 * (1 - b) * (1 - s)),
};

/**
 * Draws a placed image onto `canvas` in place with its blend mode, by the W3C Compositing and
 * Blending formulas on non-premultiplied colours: the blended colour where the canvas is opaque,
 * the image's own where it is transparent, then source-over. (libvips' composite applies the
 * blend to premultiplied colours, which darkens a half-transparent multiply.)
 */
export async function blendInto(canvas: Rgba, placed: PlacedImage): Promise<void> {
  const mode = placed.blend ?? 'over';
  const cut = clipToCanvas(placed, canvas.width, canvas.height);
  if (!cut) return;
  const blend: BlendFunction = mode === 'over' ? (_b, s) => s : BLENDS[mode];
  const { image, left, top } = cut;
  const src = image.data;
  const dst = canvas.data;
  for (let y = 0; y < image.height; y++) {
    if (y % ROWS_BETWEEN_YIELDS === 0) await yieldToLoop();
    for (let x = 0; x < image.width; x++) {
      const p = (y * image.width + x) * 4;
      const as = src[p + 3] / 255;
      if (as === 0) continue;
      const q = ((top + y) * canvas.width + left + x) * 4;
      const ab = dst[q + 3] / 255;
      if (as === 1 && ab === 1) {
        // Both opaque (most pixels): the formula reduces to the blend function.
        for (let c = 0; c < 3; c++)
          dst[q + c] = Math.round(blend(dst[q + c] / 255, src[p + c] / 255) * 255);
        continue;
      }
      const ao = as + ab * (1 - as);
      for (let c = 0; c < 3; c++) {
        const cs = src[p + c] / 255;
        const cb = dst[q + c] / 255;
        const mixed = (1 - ab) * cs + ab * blend(cb, cs);
        dst[q + c] = Math.round(((as * mixed + ab * (1 - as) * cb) / ao) * 255);
      }
      dst[q + 3] = Math.round(ao * 255);
    }
  }
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
 * The image's colour (RGB) and its alpha as separate raw planes, each deflated (zlib): what a PDF
 * image and its soft mask hold. Done by libvips and zlib off the event loop.
 */
export async function deflatedPlanes(image: Rgba): Promise<{ rgb: Buffer; alpha: Buffer }> {
  const input = () => sharp(image.data, rawOf(image));
  const [rgb, alpha] = await Promise.all([
    input().removeAlpha().raw().toBuffer(),
    input().extractChannel(3).raw().toBuffer(),
  ]);
  const [rgbZ, alphaZ] = await Promise.all([deflateAsync(rgb), deflateAsync(alpha)]);
  return { rgb: rgbZ, alpha: alphaZ };
}

/**
 * How much of each pixel a mask covers (0–255, one byte per pixel): its alpha, or its luminance
 * (Rec. 709) when the mask is fully opaque (a black-and-white mask without transparency).
 */
export function maskCoverage(mask: Rgba): Buffer {
  const n = mask.width * mask.height;
  const out = Buffer.alloc(n);
  const d = mask.data;
  let opaque = true;
  for (let i = 0; i < n; i++) {
    out[i] = d[i * 4 + 3];
    if (out[i] !== 255) opaque = false;
  }
  if (opaque) {
    for (let i = 0; i < n; i++) {
      const p = i * 4;
      out[i] = Math.round(0.2126 * d[p] + 0.7152 * d[p + 1] + 0.0722 * d[p + 2]);
    }
  }
  return out;
}

/** `#rrggbb` → [r, g, b]. */
export function parseHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A solid colour whose alpha is `coverage` (one byte per pixel of a `width` × `height` image). */
export function tintCoverage(coverage: Buffer, width: number, height: number, hex: string): Rgba {
  const [r, g, b] = parseHex(hex);
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const p = i * 4;
    data[p] = r;
    data[p + 1] = g;
    data[p + 2] = b;
    data[p + 3] = coverage[i];
  }
  return { data, width, height };
}

/** A copy of the image with its alpha scaled by `opacity` (0–1). */
export function withOpacity(image: Rgba, opacity: number): Rgba {
  if (opacity >= 1) return image;
  const data = Buffer.from(image.data);
  for (let p = 3; p < data.length; p += 4) data[p] = Math.round(data[p] * opacity);
  return { ...image, data };
}

/**
 * An overlay prepared for shading: its colour flattened on white (transparent = no change), three
 * bytes per pixel, to multiply with.
 */
export function shadeFactors(overlay: Rgba): Buffer {
  const n = overlay.width * overlay.height;
  const out = Buffer.alloc(n * 3);
  const d = overlay.data;
  for (let i = 0; i < n; i++) {
    const a = d[i * 4 + 3];
    for (let c = 0; c < 3; c++) {
      out[i * 3 + c] = Math.round((d[i * 4 + c] * a + 255 * (255 - a)) / 255);
    }
  }
  return out;
}

/**
 * Clips a placed image by a canvas-sized coverage (its alpha times the coverage) and shades it by
 * canvas-sized shade factors (its colour times the factor), in place. The image must lie on the
 * canvas (see clipToCanvas); `canvasWidth` is the row length of `coverage` and `shade`.
 */
export async function clipAndShade(
  placed: PlacedImage,
  canvasWidth: number,
  coverage: Buffer | undefined,
  shade: Buffer | undefined,
): Promise<void> {
  const { image, left, top } = placed;
  const d = image.data;
  for (let y = 0; y < image.height; y++) {
    if (y % ROWS_BETWEEN_YIELDS === 0) await yieldToLoop();
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
