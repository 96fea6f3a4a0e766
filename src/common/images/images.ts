import { sharp, type Metadata, type Sharp } from './sharp';
import { ImageRejected } from './image-errors';
import { isLosslessWebp, uploadCost, type UploadCostFormat } from './upload-cost';

/**
 * Inspecting and normalising uploaded images, and rasterising SVG drawn by the service itself,
 * with sharp (libvips, see ./sharp.ts). Work runs on libuv's thread pool, not the event loop.
 */

/** Raster formats accepted from callers, told apart by their magic bytes (never by name or header). */
export const UPLOAD_FORMATS = {
  png: { mimeType: 'image/png', ext: 'png' },
  jpeg: { mimeType: 'image/jpeg', ext: 'jpg' },
  webp: { mimeType: 'image/webp', ext: 'webp' },
  gif: { mimeType: 'image/gif', ext: 'gif' },
  tiff: { mimeType: 'image/tiff', ext: 'tif' },
} as const;

export type UploadFormat = keyof typeof UPLOAD_FORMATS;

export interface NormalizedImage {
  bytes: Buffer;
  format: UploadFormat;
  mimeType: (typeof UPLOAD_FORMATS)[UploadFormat]['mimeType'];
  ext: (typeof UPLOAD_FORMATS)[UploadFormat]['ext'];
  width: number;
  height: number;
}

const ACCEPTED = 'PNG, JPEG, WebP, GIF or TIFF';

/** What an upload's header says, checked against the limits: nothing decoded yet. */
export interface InspectedUpload {
  format: UploadFormat;
  width: number;
  height: number;
  /** Frames that would be decoded (GIF animation; other formats keep their first frame). */
  frames: number;
  /** The normalisation's estimated CPU, in megapixels of JPEG (see upload-cost.ts). */
  cost: number;
}

export interface UploadLimits {
  /** Pixels over all frames decoded (MAX_UPLOAD_PIXELS). */
  maxPixels: number;
  /** Frames of an animation (MAX_UPLOAD_FRAMES); default: no limit but `maxPixels`. */
  maxFrames?: number;
  /** Estimated CPU of normalising it, in megapixels of JPEG (MAX_UPLOAD_COST); default: no limit. */
  maxCost?: number;
  /** How the file is called in error texts. */
  name?: string;
}

/**
 * Reads the header only (cheap: a small file claiming 20,000 × 20,000 pixels or 1,500 frames
 * costs nothing) and refuses what is not an image of an accepted type (SVG is refused: it can
 * carry scripts and external references) or would cost too much to decode: more than `maxFrames`
 * frames, more than `maxPixels` pixels over the frames decoded, or a normalisation dearer than
 * `maxCost` (pixels weighted by format, a lossless WebP dearest: upload-cost.ts). Run it before admitting the
 * upload to the pool that decodes it.
 */
export async function inspectUpload(
  input: Buffer,
  {
    maxPixels,
    maxFrames = Number.MAX_SAFE_INTEGER,
    maxCost = Number.MAX_SAFE_INTEGER,
    name = 'the file',
  }: UploadLimits,
): Promise<InspectedUpload> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(`${name} is not an image of an accepted type (${ACCEPTED}).`);
  }
  const format = meta.format as string;
  if (!(format in UPLOAD_FORMATS)) {
    throw new ImageRejected(
      `${name} is ${format === 'svg' ? 'an SVG image' : `of type ${format}`}; accepted types are ${ACCEPTED}.`,
    );
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  // Only a GIF keeps its animation; of other formats the first frame (page) alone is decoded.
  const frames = format === 'gif' ? (meta.pages ?? 1) : 1;
  if (width < 1 || height < 1) throw new ImageRejected(`${name} has no pixels.`);
  if (frames > maxFrames) {
    throw new ImageRejected(
      `${name} has ${frames} frames, more than the limit of ${maxFrames} frames (MAX_UPLOAD_FRAMES).`,
    );
  }
  if (width * height * frames > maxPixels) {
    throw new ImageRejected(
      `${name} has ${width} × ${height} pixels${frames > 1 ? ` in ${frames} frames` : ''}, more than the limit of ${maxPixels} pixels.`,
    );
  }
  const lossless = format === 'webp' && isLosslessWebp(input);
  const costed: UploadCostFormat = lossless ? 'webpLossless' : (format as UploadFormat);
  const cost = uploadCost(costed, width * height * frames);
  if (cost > maxCost) {
    const kind = lossless ? 'a lossless WebP' : `a ${format.toUpperCase()} image`;
    throw new ImageRejected(
      `${name} is ${kind} of ${width} × ${height} pixels${frames > 1 ? ` in ${frames} frames` : ''}, which costs as much to decode and encode again as ${cost} megapixels of JPEG, more than the limit of ${maxCost} (MAX_UPLOAD_COST).`,
    );
  }
  return { format: format as UploadFormat, width, height, frames, cost };
}

/**
 * Checks (see {@link inspectUpload}) and normalises an uploaded image: fully decoded (a truncated
 * or corrupt file is refused), EXIF orientation applied and every metadata block (EXIF, GPS, XMP,
 * ICC comments) dropped, re-encoded in its own format. Deterministic: the same input gives the
 * same bytes. Pass `inspected` when the header was checked already.
 */
export async function normalizeUpload(
  input: Buffer,
  limits: UploadLimits,
  inspected?: InspectedUpload,
): Promise<NormalizedImage> {
  const { format: kind, frames } = inspected ?? (await inspectUpload(input, limits));
  const name = limits.name ?? 'the file';
  try {
    const { data, info } = await encode(
      sharp(input, {
        limitInputPixels: limits.maxPixels,
        failOn: 'error',
        animated: frames > 1,
      }).rotate(),
      kind,
    ).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format: kind,
      ...UPLOAD_FORMATS[kind],
      width: info.width,
      height: frames > 1 ? (info.pageHeight ?? info.height) : info.height,
    };
  } catch {
    throw new ImageRejected(`${name} could not be decoded: it is truncated or corrupt.`);
  }
}

function encode(pipeline: Sharp, format: UploadFormat): Sharp {
  switch (format) {
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'jpeg':
      return pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
    case 'webp':
      return pipeline.webp({ quality: 92 });
    case 'gif':
      return pipeline.gif();
    case 'tiff':
      return pipeline.tiff({ compression: 'lzw' });
  }
}

/** A PNG of an SVG document the service drew itself (never of a caller's SVG). */
export async function rasterizeSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg, 'utf8'), { density: 72 }).png({ compressionLevel: 9 }).toBuffer();
}
