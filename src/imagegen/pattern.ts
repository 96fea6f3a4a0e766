import { createHash } from 'node:crypto';
import { num, svgDocument } from './svg';

/**
 * Tile patterns decided by a seed alone: a grid of square cells, each a background colour with
 * one shape (quarter circle, half circle, circle, triangle, diamond or stripes) in another colour,
 * turned by a multiple of 90°. The seed is hashed (SHA-256) into the state of a small PRNG, so
 * the same seed, palette and size give the same document, byte for byte, on every machine.
 */

/** Built-in palettes, one picked by the seed when the caller gives none. */
export const PALETTES: readonly (readonly string[])[] = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#e63946'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#d90429'],
  ['#606c38', '#283618', '#fefae0', '#dda15e', '#bc6c25'],
];

const SHAPES = ['quarter', 'half', 'circle', 'triangle', 'diamond', 'stripes'] as const;
export type PatternShape = (typeof SHAPES)[number];

/** One cell of the grid: its colours, its shape and its turn (quarter turns clockwise). */
export interface PatternCell {
  background: string;
  colour: string;
  shape: PatternShape;
  turns: number;
}

export interface PatternPlan {
  /** Cells per side. */
  cells: number;
  palette: readonly string[];
  /** Row by row. */
  grid: PatternCell[];
}

/** sfc32: a 32-bit PRNG with a 128-bit state, as four words taken from the seed's SHA-256. */
export function seededRandom(seed: string): () => number {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let [a, b, c, d] = [0, 4, 8, 12].map((i) => digest.readUInt32LE(i));
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** What the seed decides: grid size, palette (when not given) and every cell. */
export function planPattern(seed: string, colours?: readonly string[]): PatternPlan {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const cells = 4 + Math.floor(random() * 5);
  const palette = colours && colours.length > 0 ? colours : pick(PALETTES);
  // A few shapes per pattern, so that it reads as a pattern rather than noise.
  const shapes = shuffled(SHAPES, random).slice(0, 2 + Math.floor(random() * 2));
  const grid: PatternCell[] = [];
  for (let i = 0; i < cells * cells; i++) {
    const background = pick(palette);
    const others = palette.filter((c) => c !== background);
    grid.push({
      background,
      colour: others.length > 0 ? pick(others) : background,
      shape: pick(shapes),
      turns: Math.floor(random() * 4),
    });
  }
  return { cells, palette, grid };
}

/** A copy of `list` in an order `random` decides (Fisher–Yates). */
function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The pattern as an SVG document of `size` × `size` pixels. */
export function patternSvg(
  seed: string,
  colours: readonly string[] | undefined,
  size: number,
): string {
  const plan = planPattern(seed, colours);
  const unit = size / plan.cells;
  const parts: string[] = [];
  plan.grid.forEach((cell, i) => {
    const x = (i % plan.cells) * unit;
    const y = Math.floor(i / plan.cells) * unit;
    // Cells overlap by a pixel's fraction so that no seam of antialiasing shows between them.
    parts.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(unit + 0.5)}" height="${num(unit + 0.5)}" fill="${cell.background}"/>`,
    );
    const cx = x + unit / 2;
    const cy = y + unit / 2;
    const turn = cell.turns ? ` transform="rotate(${cell.turns * 90} ${num(cx)} ${num(cy)})"` : '';
    parts.push(`<path d="${shapePath(cell.shape, x, y, unit)}" fill="${cell.colour}"${turn}/>`);
  });
  return svgDocument(size, size, parts.join(''));
}

/** Path data of a shape in the cell at (`x`, `y`) of side `s`, before its turn. */
function shapePath(shape: PatternShape, x: number, y: number, s: number): string {
  const [x1, y1, r] = [num(x + s), num(y + s), num(s)];
  const [x0, y0] = [num(x), num(y)];
  const half = num(s / 2);
  switch (shape) {
    case 'quarter':
      return `M${x0} ${y0}h${r}A${r} ${r} 0 0 1 ${x0} ${y1}Z`;
    case 'half':
      return `M${x0} ${y1}A${half} ${half} 0 0 1 ${x1} ${y1}Z`;
    case 'circle': {
      const [cy, rr] = [num(y + s / 2), num(s * 0.32)];
      const [left, right] = [num(x + s * 0.18), num(x + s * 0.82)];
      return `M${left} ${cy}A${rr} ${rr} 0 1 0 ${right} ${cy}A${rr} ${rr} 0 1 0 ${left} ${cy}Z`;
    }
    case 'triangle':
      return `M${x0} ${y0}L${x1} ${y1}L${x0} ${y1}Z`;
    case 'diamond':
      return `M${num(x + s / 2)} ${y0}L${x1} ${num(y + s / 2)}L${num(x + s / 2)} ${y1}L${x0} ${num(y + s / 2)}Z`;
    case 'stripes': {
      const band = s / 6;
      return [0, 2, 4].map((k) => `M${x0} ${num(y + k * band)}h${r}v${num(band)}h-${r}Z`).join('');
    }
  }
}
