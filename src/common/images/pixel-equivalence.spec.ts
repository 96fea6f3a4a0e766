import { threadId } from 'node:worker_threads';
import { paint } from '../../../test/support/render-product';
import { workerPool } from '../workers/worker-pool';
import {
  blendInto,
  clipAndShade,
  maskCoverage,
  shadeFactors,
  tintCoverage,
  withOpacity,
} from './layer-effects';

/**
 * The raster steps moved off the event loop (libvips, or the worker pool) give the same pixels as
 * the JavaScript loops they replaced, for every colour and alpha byte: renders stay the same.
 */
const everyByte = paint(256, 256, (x, y) => [x, (x * 7 + y) & 255, (x * 13 + y * 3) & 255, y]);
const n = 256 * 256;
const channel = (i: number, c: number) => everyByte.data[i * 4 + c];

/** Indexes where `actual` differs from `expected(i)` (one expect per pixel would take minutes). */
function mismatches(actual: Uint8Array, expected: (i: number) => number): number[] {
  const bad: number[] = [];
  for (let i = 0; i < actual.length; i++) if (actual[i] !== expected(i)) bad.push(i);
  return bad;
}

describe('raster steps off the event loop', () => {
  it('scales alpha by an opacity exactly as Math.round did', async () => {
    for (const opacity of [0.5, 0.3, 0.77, 0.01, 0.999]) {
      const { data } = await withOpacity(everyByte, opacity);
      const expected = (i: number) =>
        i % 4 === 3 ? Math.round(everyByte.data[i] * opacity) : everyByte.data[i];
      expect(mismatches(data, expected)).toEqual([]);
    }
  });

  it('takes the Rec. 709 luminance of an opaque mask, rounded, or the alpha', async () => {
    const opaque = paint(256, 256, (x, y) => [x, (x * 7 + y) & 255, (x * 13 + y * 3) & 255, 255]);
    const luminance = (i: number) => {
      const [r, g, b] = opaque.data.subarray(i * 4, i * 4 + 3);
      return Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b);
    };
    // libvips computes in single precision: a few exact halves round the other way (±1), which
    // the RENDERER_VERSION bump accounts for.
    const coverage = await maskCoverage(opaque);
    const off = mismatches(coverage, luminance);
    expect(off.length).toBeLessThan(n / 1000);
    for (const i of off) expect(Math.abs(coverage[i] - luminance(i))).toBe(1);
    expect(mismatches(await maskCoverage(everyByte), (i) => channel(i, 3))).toEqual([]);
  });

  it('tints a coverage exactly', async () => {
    const coverage = Buffer.from(Array.from({ length: n }, (_, i) => i & 255));
    const { data } = await tintCoverage(coverage, 256, 256, '#0a64ff');
    const expected = (i: number) => [10, 100, 255, (i >> 2) & 255][i % 4];
    expect(mismatches(data, expected)).toEqual([]);
  });

  it('runs shading, clipping and blend modes in worker threads, not on this one', async () => {
    const pool = workerPool();
    const before = pool.completed;
    const shade = await shadeFactors(everyByte);
    const flattened = (i: number) => {
      const p = Math.floor(i / 3);
      const a = channel(p, 3);
      return Math.round((channel(p, i % 3) * a + 255 * (255 - a)) / 255);
    };
    expect(mismatches(shade, flattened)).toEqual([]);
    const image = paint(8, 8, () => [200, 100, 50, 255]);
    await clipAndShade({ image, left: 0, top: 0 }, 256, Buffer.alloc(n, 128), shade);
    await blendInto(
      paint(8, 8, () => [1, 2, 3, 255]),
      { image, left: 0, top: 0, blend: 'screen' },
    );
    expect(pool.completed - before).toBe(3);
    expect(threadId).toBe(0);
  });
});
