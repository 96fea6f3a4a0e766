import sharp from 'sharp';
import { TransformRejected } from './image-errors';
import {
  ImageTransform,
  OUTPUT_FORMATS,
  OutputFormat,
  planLayout,
  resolveCrop,
  Rgba,
} from './transform-layout';

/**
 * Applies an image-resizer transformation to a rendered image, in this order: crop (in source
 * pixels), rotate (clockwise), flip, then fit into the box by mode/scale/anchor with `background`
 * for padding, then encode. Width and height therefore always describe the final output, whatever
 * the rotation. Deterministic: the same input and transform give the same bytes.
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
  const options = { limitInputPixels: limits.maxInputPixels };
  const meta = await sharp(input, options).metadata();
  let width = meta.width ?? 0;
  let height = meta.height ?? 0;

  // Stages 1 and 2 (crop, rotation, mirroring) on the source, flattened to raw RGBA so that the
  // order is explicit. Without them, the source goes into stage 3 as it is: decoding it to raw
  // pixels first would cost a copy of the whole image for nothing.
  const reoriented =
    t.crop || t.rotate !== 0 || t.flipHorizontal || t.flipVertical
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
  if (layout.imageWidth !== width || layout.imageHeight !== height) {
    out = out.resize(layout.imageWidth, layout.imageHeight, { fit: 'fill', kernel: 'lanczos3' });
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

/** Crop, rotation and mirroring of the source, as raw RGBA pixels with their size. */
async function reorient(
  input: Buffer,
  t: ImageTransform,
  options: sharp.SharpOptions,
  size: { width: number; height: number },
): Promise<{ raw: Buffer; width: number; height: number }> {
  let { width, height } = size;
  let stage = sharp(input, options).ensureAlpha();
  if (t.crop) {
    const rect = resolveCrop(t.crop, width, height);
    if (!rect) {
      throw new TransformRejected(
        `crop=${t.crop.x1},${t.crop.y1},${t.crop.x2},${t.crop.y2} leaves nothing of the ${width} × ${height} image.`,
      );
    }
    stage = stage.extract(rect);
    [width, height] = [rect.width, rect.height];
  }
  if (t.rotate !== 0) {
    stage = stage.rotate(t.rotate);
    if (t.rotate !== 180) [width, height] = [height, width];
  }
  let raw = await stage.raw().toBuffer();
  if (t.flipHorizontal || t.flipVertical) {
    let mirror = sharp(raw, { raw: { width, height, channels: 4 } });
    if (t.flipHorizontal) mirror = mirror.flop();
    if (t.flipVertical) mirror = mirror.flip();
    raw = await mirror.raw().toBuffer();
  }
  return { raw, width, height };
}

function encode(pipeline: sharp.Sharp, t: ImageTransform): sharp.Sharp {
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
