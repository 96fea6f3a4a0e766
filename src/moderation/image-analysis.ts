import { sharp, type Metadata, type OutputInfo } from '../common/images/sharp';
import { ImageRejected } from '../common/images/image-errors';
import { workerPool, workerTask } from '../common/workers/worker-pool';
import { DHASH_GRID, dHash } from './perceptual-hash';
import type { PixelStats, pixelStatsTask } from './pixel-stats';

/** The statistics loop over up to ANALYSIS_SIZE² pixels: tens of ms of JavaScript, in a thread. */
const statsTask = workerTask<Parameters<typeof pixelStatsTask>[0], PixelStats>(
  'moderation/pixel-stats',
  'pixelStatsTask',
);

/**
 * Decoding artwork for moderation with sharp: the header first (type, pixel count against the
 * upload limit, before anything is decoded), then one bounded decode into a copy of at most
 * ANALYSIS_SIZE pixels a side (nearest neighbour, so no colour is invented) and a 9 × 8 grey copy
 * for the perceptual hash (by way of 64 × 64). A caller's SVG is never rasterised: it is reported
 * as vector artwork.
 */

/** Longest side of the copy the pixel statistics are computed on. */
export const ANALYSIS_SIZE = 512;
/**
 * The hash's grey copy is first made HASH_STEP pixels square (without the decoders' fast
 * shrinking), then 9 × 8: the same picture then hashes alike whatever its size and format.
 */
const HASH_STEP = 64;

export interface VectorArtwork {
  kind: 'vector';
  format: 'svg';
  width: number;
  height: number;
}

export interface RasterArtwork extends PixelStats {
  kind: 'raster';
  /** sharp's name of the format: png, jpeg, webp, gif, tiff, heif… */
  format: string;
  /** Pixels, upright (after the EXIF orientation). */
  width: number;
  height: number;
  /** Whether the file has an alpha channel at all. */
  hasAlpha: boolean;
  /** dHash of the image flattened on white (16 hex digits). */
  hash: string;
}

export type Artwork = VectorArtwork | RasterArtwork;

/** Reads `bytes` as artwork, or 400 when they are no image, too large, truncated or corrupt. */
export async function analyseArtwork(
  bytes: Buffer,
  { maxPixels, name = 'The image' }: { maxPixels: number; name?: string },
): Promise<Artwork> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(`${name} is not an image of a known type.`);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  if (width < 1 || height < 1) throw new ImageRejected(`${name} has no pixels.`);
  if (meta.format === 'svg') return { kind: 'vector', format: 'svg', width, height };
  if (width * height > maxPixels) {
    throw new ImageRejected(
      `${name} has ${width} × ${height} pixels, more than the limit of ${maxPixels} pixels.`,
    );
  }
  type Raw = { data: Buffer; info: OutputInfo };
  let decoded: { copy: Raw; grey: Raw };
  try {
    const source = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    const [copy, grey] = await Promise.all([
      source
        .clone()
        .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, {
          fit: 'inside',
          withoutEnlargement: true,
          kernel: 'nearest',
        })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
      source
        .clone()
        .flatten({ background: '#ffffff' })
        .greyscale()
        .resize(HASH_STEP, HASH_STEP, { fit: 'fill', fastShrinkOnLoad: false })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) =>
          sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
            .resize(DHASH_GRID.width, DHASH_GRID.height, { fit: 'fill', kernel: 'linear' })
            .raw()
            .toBuffer({ resolveWithObject: true }),
        ),
    ]);
    decoded = { copy, grey };
  } catch {
    throw new ImageRejected(`${name} could not be decoded: it is truncated or corrupt.`);
  }
  const { copy, grey } = decoded;
  const stats = await workerPool().run(statsTask, {
    rgba: copy.data,
    width: copy.info.width,
    height: copy.info.height,
  });
  return {
    kind: 'raster',
    format: meta.format,
    width,
    height,
    hasAlpha: meta.hasAlpha === true,
    hash: dHash(grey.data, grey.info.channels),
    ...stats,
  };
}
