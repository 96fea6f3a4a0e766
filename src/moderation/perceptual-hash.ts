/**
 * The difference hash (dHash) of an image, and how far two hashes are apart. The image is reduced
 * to 9 × 8 grey pixels; each of the 64 bits says whether a pixel is brighter than its right-hand
 * neighbour (row by row, the first bit the most significant). Recompressing, resizing or slightly
 * recolouring an image changes few bits; different images differ in about half of them.
 */

/** Width and height of the grey image a dHash is computed from. */
export const DHASH_GRID = { width: 9, height: 8 } as const;

/** A dHash as text: 16 lower-case hexadecimal digits. */
export const HASH_PATTERN = /^[0-9a-f]{16}$/;

/** Bits of a hash: the most two hashes can differ in. */
export const HASH_BITS = 64;

/**
 * The dHash of a 9 × 8 grey image, `grey` holding one value per pixel (row by row), or
 * `channels` values per pixel of which the first is read.
 */
export function dHash(grey: ArrayLike<number>, channels = 1): string {
  const { width, height } = DHASH_GRID;
  if (grey.length < width * height * channels)
    throw new Error(`dHash needs ${width} × ${height} pixels`);
  let bits = 0n;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width - 1; x++) {
      const left = grey[(y * width + x) * channels];
      const right = grey[(y * width + x + 1) * channels];
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two hashes differ in (0: the same picture, 64: opposite). */
export function hammingDistance(a: string, b: string): number {
  if (!HASH_PATTERN.test(a) || !HASH_PATTERN.test(b)) throw new Error('not a 64-bit hex hash');
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
