import sharp from 'sharp';
import { ImageRejected } from './image-errors';

/**
 * The one file that imports sharp (libvips): inspecting and normalising uploaded images, and
 * rasterising SVG drawn by the service itself. Work runs on libuv's thread pool, not the event loop.
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

/**
 * Checks and normalises an uploaded image: the type from its content (SVG is refused: it can
 * carry scripts and external references), at most `maxPixels` pixels (checked from the header
 * before anything is decoded, so a small file claiming 20,000 × 20,000 pixels costs nothing),
 * fully decoded (a truncated or corrupt file is refused), EXIF orientation applied and every
 * metadata block (EXIF, GPS, XMP, ICC comments) dropped, re-encoded in its own format.
 * Deterministic: the same input gives the same bytes.
 */
export async function normalizeUpload(
  input: Buffer,
  { maxPixels, name = 'the file' }: { maxPixels: number; name?: string },
): Promise<NormalizedImage> {
  let meta: sharp.Metadata;
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
  const frames = format === 'gif' ? (meta.pages ?? 1) : 1;
  if (width < 1 || height < 1) throw new ImageRejected(`${name} has no pixels.`);
  if (width * height * frames > maxPixels) {
    throw new ImageRejected(
      `${name} has ${width} × ${height} pixels${frames > 1 ? ` in ${frames} frames` : ''}, more than the limit of ${maxPixels} pixels.`,
    );
  }
  const kind = format as UploadFormat;
  try {
    const { data, info } = await encode(
      sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: frames > 1 }).rotate(),
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

function encode(pipeline: sharp.Sharp, format: UploadFormat): sharp.Sharp {
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
