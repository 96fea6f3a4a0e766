import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test images: real files of each accepted type, and hostile ones. */

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG header claiming `width` × `height` grey pixels, with a few KB of data: a
 * decompression bomb if anything decoded it.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type TestImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff';

/** A small real image of `format` (a red-to-blue gradient so encoders have something to do). */
export async function testImage(
  format: TestImageFormat,
  { width = 64, height = 48 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#e00"/><stop offset="1" stop-color="#00e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A JPEG whose EXIF says "rotate 90° clockwise" (orientation 6), with camera metadata. */
export async function rotatedJpeg(width = 60, height = 40): Promise<Buffer> {
  return sharp(await testImage('png', { width, height }))
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestCam', Model: 'Secret GPS 1' } } })
    .toBuffer();
}

/** The first bytes of a Windows executable, named like an image by whoever sends it. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(512, 7),
]);

/** RGBA of pixel (x, y) of an encoded image. */
export async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}
