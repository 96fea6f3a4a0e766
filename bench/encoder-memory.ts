/**
 * What one sharp encode holds at its peak, as the cost models of `src/common/images/image-memory.ts`
 * weigh it: a PNG of random pixels (the worst case for every encoder) of `side` × `side`, encoded
 * once in this fresh process, the peak RSS (`VmHWM`) over the process before.
 *
 *   node dist/bench/encoder-memory.js [side=4096] [format=webp-lossless] [effort]
 *
 * Formats: png, jpeg (4:4:4), webp (lossy), webp-lossless, gif. One encode per process: run it
 * again for another size or format (a warm process keeps what libvips and glibc allocated).
 */
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp, { Sharp } from 'sharp';

const FORMATS: Record<string, (s: Sharp, effort?: number) => Sharp> = {
  png: (s) => s.png({ compressionLevel: 6 }),
  jpeg: (s) => s.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }),
  webp: (s, effort) => s.webp({ quality: 80, smartSubsample: true, effort }),
  'webp-lossless': (s, effort) => s.webp({ lossless: true, effort }),
  gif: (s) => s.gif(),
};

const peakMiB = (): number =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

async function main(): Promise<void> {
  const side = Number(process.argv[2] ?? 4096);
  const format = process.argv[3] ?? 'webp-lossless';
  const effort = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
  const encode = FORMATS[format];
  if (!encode || !Number.isInteger(side) || side < 1) {
    console.error(`usage: encoder-memory [side] [${Object.keys(FORMATS).join('|')}] [effort]`);
    process.exit(2);
  }
  const noise = randomFillSync(Buffer.alloc(side * side * 3));
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const before = peakMiB();
  const started = performance.now();
  const out = await encode(sharp(png), effort).toBuffer();
  const grew = peakMiB() - before;
  console.log(
    `${format}${effort === undefined ? '' : ` effort ${effort}`} at ${side}²: ` +
      `+${grew.toFixed(0)} MiB over ${before.toFixed(0)} (${((grew * 1024 * 1024) / (side * side)).toFixed(1)} bytes an output pixel), ` +
      `${Math.round(performance.now() - started)} ms, ${out.length} bytes`,
  );
}

void main();
