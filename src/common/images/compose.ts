import { sharp, type Sharp } from './sharp';

/**
 * Raster operations of the renderer (src/render): decoding to raw RGBA, resizing, rotating,
 * rasterising the service's own SVG, compositing and encoding PNG. What is done to a layer beyond
 * placing it (blend modes, masks, opacity, shading) is in layer-effects.ts, and the planes and
 * colours of PDF documents in pdf-colours.ts. Nothing loops over pixels on the event loop: libvips
 * does what it can with the same pixels (mask coverage, tint, opacity), and the rest (blend modes,
 * clipping and shading) runs in the worker pool (pixel-loops.ts). Images travel between steps as
 * raw, non-premultiplied 8-bit RGBA, so nothing is decoded or encoded twice. Deterministic: the
 * same inputs give the same bytes.
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

/** sharp's input options for the image's raw pixels. */
export const rawOf = (image: Rgba) => ({
  raw: { width: image.width, height: image.height, channels: 4 as const },
});

/** The pipeline's output as raw RGBA: sRGB, with an alpha channel. */
export async function toRgba(pipeline: Sharp): Promise<Rgba> {
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
