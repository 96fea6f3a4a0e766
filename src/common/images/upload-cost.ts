/**
 * The CPU an upload's normalisation costs (decoding it fully and encoding it again, see
 * images.ts), estimated from its header before anything is decoded: its pixels (times frames)
 * weighted by how dear its format is to decode and encode again, in megapixels of a JPEG. A small
 * file can cost a lot: a 1.6 KB lossless WebP of 40 million pixels took 7.8 s of CPU, as WebP is
 * encoded again at quality 92. Measured per megapixel on one core (libvips 8.x): JPEG ~80 ms,
 * PNG 5–150 ms (by content), WebP 140–440 ms (lossless sources at the top).
 */

/** Weight of one pixel of each format, against a JPEG's. */
export const UPLOAD_COST_WEIGHTS = {
  jpeg: 1,
  tiff: 1,
  png: 2,
  gif: 2,
  webp: 4,
  /** A lossless WebP (VP8L): small on disk, as dear as any WebP to encode again, dearer to decode. */
  webpLossless: 5,
} as const;

export type UploadCostFormat = keyof typeof UPLOAD_COST_WEIGHTS;

/** An upload's estimated cost in megapixels of JPEG (see {@link UPLOAD_COST_WEIGHTS}), rounded up. */
export function uploadCost(format: UploadCostFormat, pixels: number): number {
  return Math.ceil((pixels * UPLOAD_COST_WEIGHTS[format]) / 1_000_000);
}

/**
 * Whether a WebP file's (first) image is lossless: a `VP8L` chunk at the top level, or in the
 * first frame (`ANMF`) of an animation. Reads chunk headers only.
 */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 16 || buffer.toString('latin1', 8, 12) !== 'WEBP') return false;
  return hasLosslessChunk(buffer, 12, buffer.length);
}

function hasLosslessChunk(buffer: Buffer, start: number, end: number): boolean {
  for (let at = start; at + 8 <= end;) {
    const id = buffer.toString('latin1', at, at + 4);
    const size = buffer.readUInt32LE(at + 4);
    if (id === 'VP8L') return true;
    if (id === 'VP8 ') return false;
    // A frame: 16 bytes of its own header, then the frame's chunks.
    if (id === 'ANMF') return hasLosslessChunk(buffer, at + 8 + 16, Math.min(end, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return false;
}
