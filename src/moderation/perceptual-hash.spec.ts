import { DHASH_GRID, dHash, hammingDistance } from './perceptual-hash';

/** A 9 × 8 grey image from a function of (x, y). */
const grid = (f: (x: number, y: number) => number) =>
  Array.from({ length: DHASH_GRID.width * DHASH_GRID.height }, (_, i) =>
    f(i % DHASH_GRID.width, Math.floor(i / DHASH_GRID.width)),
  );

describe('dHash', () => {
  it('sets a bit where a pixel is brighter than its right-hand neighbour', () => {
    // Brightness falling to the right: every comparison is true.
    expect(dHash(grid((x) => 255 - x * 20))).toBe('ffffffffffffffff');
    // Rising: none.
    expect(dHash(grid((x) => x * 20))).toBe('0000000000000000');
    // A uniform image has no edges.
    expect(dHash(grid(() => 128))).toBe('0000000000000000');
  });

  it('reads the rows in order, the first bit the most significant', () => {
    // Only the first row falls: the top byte is set.
    expect(dHash(grid((x, y) => (y === 0 ? 200 - x : x)))).toBe('ff00000000000000');
    // Only the last comparison of the last row holds.
    expect(dHash(grid((x, y) => (y === 7 && x === 7 ? 100 : 0)))).toBe('0000000000000001');
  });

  it('reads the first of several channels', () => {
    const rgb = grid((x) => 255 - x * 20).flatMap((v) => [v, 0, 255]);
    expect(dHash(rgb, 3)).toBe('ffffffffffffffff');
  });

  it('refuses fewer than 9 × 8 pixels', () => {
    expect(() => dHash([1, 2, 3])).toThrow('9 × 8');
  });
});

describe('hammingDistance', () => {
  it('counts the differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('0000000000000001', '0000000000000003')).toBe(1);
    expect(hammingDistance('f0f0f0f0f0f0f0f0', '0f0f0f0f0f0f0f0f')).toBe(64);
    expect(hammingDistance('8000000000000000', '0000000000000001')).toBe(2);
  });

  it('refuses text that is no 64-bit hash', () => {
    expect(() => hammingDistance('xyz', '0000000000000000')).toThrow();
    expect(() => hammingDistance('FFFFFFFFFFFFFFFF', '0000000000000000')).toThrow();
  });
});
