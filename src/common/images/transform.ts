import { sharp, type Sharp, type SharpOptions } from './sharp';
import { TransformRejected } from './image-errors';
import { ColorMap, colorMap, sharpenSigma } from './legacy-filters';
import {
  ImageTransform,
  OUTPUT_FORMATS,
  OutputFormat,
  planLayout,
  resolveCrop,
  Rgba,
} from './transform-layout';

/**
 * Applies an image-resizer transformation to a rendered image, in this order: the legacy source
 * stages (trim, srotate, sflip), crop (in source pixels, or in `cropxunits`/`cropyunits`), rotate
 * (clockwise), flip, then fit into the box by mode/scale/anchor (resampled with `down.filter` /
 * `up.filter`), the legacy colour filters and sharpening, padding with `background`, and
 * encoding. Width and height therefore always describe the final output, whatever the rotation.
 * Each stage whose place matters is materialised before the next (libvips would otherwise apply
 * operations in its own order). Deterministic: the same input and transform give the same bytes.
 */

export interface TransformLimits {
  /** Decoding refuses inputs with more pixels (sharp `limitInputPixels`). */
  maxInputPixels: number;
  /** The output canvas may not have more pixels (e.g. `dpr` on a large source). */
  maxOutputPixels: number;
}

export interface TransformedImage {
  bytes: Buffer;
  contentType: (typeof OUTPUT_FORMATS)[OutputFormat];
  width: number;
  height: number;
}

const TRANSPARENT: Rgba = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };

export async function applyTransform(
  input: Buffer,
  t: ImageTransform,
  limits: TransformLimits,
): Promise<TransformedImage> {
  const options = { limitInputPixels: limits.maxInputPixels, ignoreIcc: t.ignoreIcc };
  const meta = await sharp(input, options).metadata();
  let width = meta.width ?? 0;
  let height = meta.height ?? 0;

  // Stages 1 and 2 (crop, rotation, mirroring) on the source, flattened to raw RGBA so that the
  // order is explicit. Without them, the source goes into stage 3 as it is: decoding it to raw
  // pixels first would cost a copy of the whole image for nothing.
  const reoriented = reorients(t)
    ? await reorient(input, t, options, { width, height })
    : undefined;
  if (reoriented) ({ width, height } = reoriented);

  // Stage 3: layout in the box, then encoding.
  const layout = planLayout(width, height, t);
  const pixels = layout.canvasWidth * layout.canvasHeight;
  if (pixels > limits.maxOutputPixels) {
    throw new TransformRejected(
      `The output would be ${layout.canvasWidth} × ${layout.canvasHeight} pixels, more than the limit of ${limits.maxOutputPixels} pixels.`,
    );
  }
  const background = t.background ?? (t.format === 'jpeg' ? WHITE : TRANSPARENT);
  let out = reoriented
    ? sharp(reoriented.raw, { raw: { width, height, channels: 4 } })
    : sharp(input, options).ensureAlpha();
  const resized = layout.imageWidth !== width || layout.imageHeight !== height;
  const shrinks = layout.imageWidth * layout.imageHeight < width * height;
  if (resized) {
    const kernel = (shrinks ? t.downFilter : t.upFilter) ?? 'lanczos3';
    out = out.resize(layout.imageWidth, layout.imageHeight, { fit: 'fill', kernel });
  }
  const visible = {
    left: Math.max(0, -layout.left),
    top: Math.max(0, -layout.top),
    width: Math.min(layout.imageWidth, layout.canvasWidth),
    height: Math.min(layout.imageHeight, layout.canvasHeight),
  };
  if (visible.width < layout.imageWidth || visible.height < layout.imageHeight) {
    out = out.extract(visible);
  }
  const sharpen =
    t.sharpen &&
    t.sharpen.amount > 0 &&
    (t.sharpen.when === 'always' || (t.sharpen.when === 'downscaling' ? shrinks : resized))
      ? t.sharpen.amount
      : undefined;
  const colors = t.filters ? colorMap(t.filters) : undefined;
  if (colors || sharpen !== undefined) out = await filtered(out, colors, sharpen);
  const left = Math.max(0, layout.left);
  const top = Math.max(0, layout.top);
  const pad = {
    left,
    top,
    right: layout.canvasWidth - visible.width - left,
    bottom: layout.canvasHeight - visible.height - top,
  };
  if (pad.left || pad.top || pad.right || pad.bottom) {
    out = out.extend({ ...pad, background });
  }
  if (t.format === 'jpeg') out = out.flatten({ background: t.background ?? WHITE });
  const { data, info } = await encode(out, t).toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    contentType: OUTPUT_FORMATS[t.format],
    width: info.width,
    height: info.height,
  };
}

/** Whether the transform has source stages (before the layout). */
function reorients(t: ImageTransform): boolean {
  return (
    t.trim !== undefined ||
    t.sourceRotate !== 0 ||
    t.sourceFlipHorizontal ||
    t.sourceFlipVertical ||
    t.crop !== undefined ||
    t.rotate !== 0 ||
    t.flipHorizontal ||
    t.flipVertical
  );
}

interface RawImage {
  raw: Buffer;
  width: number;
  height: number;
}

/** A pipeline's result, as raw RGBA pixels with their size. */
async function materialised(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { raw: data, width: info.width, height: info.height };
}

/** One stage on raw RGBA pixels, materialised. */
function stage(image: RawImage, apply: (s: Sharp) => Sharp): Promise<RawImage> {
  const { width, height } = image;
  return materialised(apply(sharp(image.raw, { raw: { width, height, channels: 4 } })));
}

/**
 * The source stages, in order: trim, srotate, sflip, crop, rotate, flip; as raw RGBA pixels with
 * their size. Without the legacy stages (the usual case), crop and rotation are one pass from the
 * encoded source, as before them.
 */
async function reorient(
  input: Buffer,
  t: ImageTransform,
  options: SharpOptions,
  size: { width: number; height: number },
): Promise<RawImage> {
  let image: RawImage | undefined;
  if (t.trim || t.sourceRotate !== 0 || t.sourceFlipHorizontal || t.sourceFlipVertical) {
    image = await materialised(sharp(input, options).ensureAlpha());
    if (t.trim) image = await trimmed(image, t.trim);
    if (t.sourceRotate !== 0) image = await stage(image, (s) => s.rotate(t.sourceRotate));
    image = await mirrored(image, t.sourceFlipHorizontal, t.sourceFlipVertical);
  }
  const { width, height } = image ?? size;
  let pipeline = image
    ? sharp(image.raw, { raw: { width, height, channels: 4 } })
    : sharp(input, options).ensureAlpha();
  if (t.crop) {
    const ux = t.cropUnits?.x ? width / t.cropUnits.x : 1;
    const uy = t.cropUnits?.y ? height / t.cropUnits.y : 1;
    const crop = { x1: t.crop.x1 * ux, y1: t.crop.y1 * uy, x2: t.crop.x2 * ux, y2: t.crop.y2 * uy };
    const rect = resolveCrop(crop, width, height);
    if (!rect) {
      throw new TransformRejected(
        `crop=${t.crop.x1},${t.crop.y1},${t.crop.x2},${t.crop.y2} leaves nothing of the ${width} × ${height} image.`,
      );
    }
    pipeline = pipeline.extract(rect);
  }
  // Called after extract, sharp's rotation turns the cropped part.
  if (t.rotate !== 0) pipeline = pipeline.rotate(t.rotate);
  return mirrored(await materialised(pipeline), t.flipHorizontal, t.flipVertical);
}

async function mirrored(
  image: RawImage,
  horizontal: boolean,
  vertical: boolean,
): Promise<RawImage> {
  if (!horizontal && !vertical) return image;
  return stage(image, (s) => {
    let m = s;
    if (horizontal) m = m.flop();
    if (vertical) m = m.flip();
    return m;
  });
}

/**
 * The image without a border of the corner's colour (within `threshold`), keeping
 * `percentPadding` % of the trimmed width and height on each side (within the image). A uniform
 * image stays as it is.
 */
async function trimmed(
  image: RawImage,
  { threshold, percentPadding }: { threshold: number; percentPadding: number },
): Promise<RawImage> {
  const { width, height } = image;
  const { info } = await sharp(image.raw, { raw: { width, height, channels: 4 } })
    .trim({ threshold })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.abs(info.trimOffsetLeft ?? 0);
  const top = Math.abs(info.trimOffsetTop ?? 0);
  if (info.width === width && info.height === height) return image;
  const padX = Math.round((info.width * percentPadding) / 100);
  const padY = Math.round((info.height * percentPadding) / 100);
  const x1 = Math.max(0, left - padX);
  const y1 = Math.max(0, top - padY);
  const x2 = Math.min(width, left + info.width + padX);
  const y2 = Math.min(height, top + info.height + padY);
  return stage(image, (s) => s.extract({ left: x1, top: y1, width: x2 - x1, height: y2 - y1 }));
}

/** The colour filters (one recombination, then offsets and alpha), then sharpening. */
async function filtered(
  pipeline: Sharp,
  colors: ColorMap | undefined,
  sharpenAmount: number | undefined,
): Promise<Sharp> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  let image: RawImage = { raw: data, width: info.width, height: info.height };
  if (colors) {
    // One stage: sharp applies `recomb` before `linear` whatever the call order (its pipeline's
    // fixed order), in floating point between them, so a value outside 0–255 after the matrix
    // (inverting, contrast) is brought back by the offsets before it is rounded and clipped.
    const [r, g, b] = colors.matrix;
    image = await stage(image, (s) =>
      s
        .recomb([
          [...r, 0],
          [...g, 0],
          [...b, 0],
          [0, 0, 0, 1],
        ])
        .linear([1, 1, 1, colors.alpha], [...colors.offset, 0]),
    );
  }
  if (sharpenAmount !== undefined)
    image = await stage(image, (s) => s.sharpen({ sigma: sharpenSigma(sharpenAmount) }));
  return sharp(image.raw, { raw: { width: image.width, height: image.height, channels: 4 } });
}

function encode(pipeline: Sharp, t: ImageTransform): Sharp {
  switch (t.format) {
    case 'png':
      return t.pngQuality === undefined
        ? pipeline.png({ compressionLevel: 6 })
        : pipeline.png({ compressionLevel: 6, palette: true, quality: t.pngQuality });
    case 'jpeg':
      return pipeline.jpeg({ quality: t.jpegQuality, chromaSubsampling: '4:4:4' });
    case 'webp':
      return pipeline.webp(
        t.webpLossless ? { lossless: true } : { quality: t.webpQuality, smartSubsample: true },
      );
    case 'gif':
      return pipeline.gif();
  }
}
