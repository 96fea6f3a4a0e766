import type { FaceGlyph, FontFace, PathCommand } from './opentype';

/**
 * Text to outlines: a simple, deterministic layout (left to right, one glyph per code point by the
 * font's character map, pair kerning, no ligatures, no bidirectional or complex-script shaping)
 * written as SVG path data, so renders and PDFs draw text as shapes with no font on the host.
 */

export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof TEXT_ALIGNS)[number];

/** Baseline-to-baseline distance, as a multiple of the font size. */
export const LINE_HEIGHT = 1.2;

/** Decimal places of the coordinates written (0.01 px or 0.01 pt is far below what shows). */
const DECIMALS = 2;

export interface TextLayout {
  /** Lines separated by `\n` (`\r\n` and `\r` count as `\n`). */
  text: string;
  /** Font size in points. */
  size: number;
  /** Output units per point: pixels per point for a render, 1 for PDF points. */
  scale: number;
  /** Where each line sits against the anchor: starting at it, centred on it, ending at it. */
  align: TextAlign;
}

/** An axis-aligned box in output units (`x`, `y` its top-left corner). */
export interface OutlineBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextOutline {
  /**
   * SVG path data in absolute output coordinates, y down, origin at the anchor point on the
   * first line's baseline; line n's baseline at y = n × 1.2 × size × scale. Empty for blank text.
   * Fill it with the non-zero rule (TrueType contours rely on winding).
   */
  d: string;
  /** The ink's bounding box (exact for curves); all zeros when `d` is empty. */
  bbox: OutlineBox;
}

/** Lays `text` out in `face` and returns its outline. Same input, same string. */
export function outlineText(face: FontFace, layout: TextLayout): TextOutline {
  const k = (layout.size * layout.scale) / face.unitsPerEm;
  const lineStep = LINE_HEIGHT * layout.size * layout.scale;
  const out = new PathWriter();
  layout.text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((line, n) => {
      const placed = placeGlyphs(face, line);
      const width = placed.width * k;
      const originX = layout.align === 'left' ? 0 : layout.align === 'center' ? -width / 2 : -width;
      const baseline = n * lineStep;
      for (const { glyph, x } of placed.glyphs) {
        out.add(glyph.commands, originX + x * k, baseline, k);
      }
    });
  return { d: out.data(), bbox: out.box() };
}

interface PlacedLine {
  glyphs: { glyph: FaceGlyph; x: number }[];
  /** Advance width in font units. */
  width: number;
}

function placeGlyphs(face: FontFace, line: string): PlacedLine {
  const glyphs: PlacedLine['glyphs'] = [];
  let pen = 0;
  let previous: FaceGlyph | undefined;
  for (const char of line) {
    const glyph = face.glyph(char === '\t' ? ' ' : char);
    if (previous) pen += face.kerning(previous, glyph);
    glyphs.push({ glyph, x: pen });
    pen += glyph.advance;
    previous = glyph;
  }
  return { glyphs, width: pen };
}

/** Writes transformed commands as path data and tracks their exact bounds. */
class PathWriter {
  private readonly parts: string[] = [];
  private minX = Infinity;
  private minY = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;

  /** Adds font-unit commands (y up) at (`dx`, `dy`) scaled by `k`, flipping y. */
  add(commands: readonly PathCommand[], dx: number, dy: number, k: number): void {
    let [cx, cy] = [0, 0];
    let [sx, sy] = [0, 0];
    const X = (x: number) => dx + x * k;
    const Y = (y: number) => dy - y * k;
    for (const c of commands) {
      switch (c.type) {
        case 'M':
        case 'L': {
          const [x, y] = [X(c.x), Y(c.y)];
          this.parts.push(`${c.type}${num(x)} ${num(y)}`);
          this.include(x, y);
          [cx, cy] = [x, y];
          if (c.type === 'M') [sx, sy] = [x, y];
          break;
        }
        case 'Q': {
          const [x1, y1, x, y] = [X(c.x1), Y(c.y1), X(c.x), Y(c.y)];
          this.parts.push(`Q${num(x1)} ${num(y1)} ${num(x)} ${num(y)}`);
          this.include(x, y);
          for (const t of quadraticExtrema(cx, x1, x)) this.include(quadAt(cx, x1, x, t), cy);
          for (const t of quadraticExtrema(cy, y1, y)) this.include(cx, quadAt(cy, y1, y, t));
          [cx, cy] = [x, y];
          break;
        }
        case 'C': {
          const [x1, y1, x2, y2, x, y] = [X(c.x1), Y(c.y1), X(c.x2), Y(c.y2), X(c.x), Y(c.y)];
          this.parts.push(`C${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x)} ${num(y)}`);
          this.include(x, y);
          for (const t of cubicExtrema(cx, x1, x2, x)) this.include(cubicAt(cx, x1, x2, x, t), cy);
          for (const t of cubicExtrema(cy, y1, y2, y)) this.include(cx, cubicAt(cy, y1, y2, y, t));
          [cx, cy] = [x, y];
          break;
        }
        case 'Z':
          this.parts.push('Z');
          [cx, cy] = [sx, sy];
          break;
      }
    }
  }

  data(): string {
    return this.parts.join('');
  }

  box(): OutlineBox {
    if (this.minX > this.maxX) return { x: 0, y: 0, width: 0, height: 0 };
    const [x, y] = [round(this.minX), round(this.minY)];
    return { x, y, width: round(round(this.maxX) - x), height: round(round(this.maxY) - y) };
  }

  /** Widens the box by a point; a coordinate passed as the current point's leaves that axis as is. */
  private include(x: number, y: number): void {
    this.minX = Math.min(this.minX, x);
    this.maxX = Math.max(this.maxX, x);
    this.minY = Math.min(this.minY, y);
    this.maxY = Math.max(this.maxY, y);
  }
}

const round = (v: number): number => {
  const r = Math.round(v * 10 ** DECIMALS) / 10 ** DECIMALS;
  return r === 0 ? 0 : r; // no "-0"
};

const num = (v: number): string => String(round(v));

/** Parameters in (0, 1) where a quadratic Bézier coordinate has a turning point. */
function quadraticExtrema(p0: number, p1: number, p2: number): number[] {
  const denominator = p0 - 2 * p1 + p2;
  if (denominator === 0) return [];
  const t = (p0 - p1) / denominator;
  return t > 0 && t < 1 ? [t] : [];
}

const quadAt = (p0: number, p1: number, p2: number, t: number): number =>
  (1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t ** 2 * p2;

/** Parameters in (0, 1) where a cubic Bézier coordinate has a turning point. */
function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  let roots: number[];
  if (Math.abs(a) < 1e-12) {
    roots = b === 0 ? [] : [-c / b];
  } else {
    const discriminant = b * b - 4 * a * c;
    if (discriminant < 0) return [];
    const s = Math.sqrt(discriminant);
    roots = [(-b + s) / (2 * a), (-b - s) / (2 * a)];
  }
  return roots.filter((t) => t > 0 && t < 1);
}

const cubicAt = (p0: number, p1: number, p2: number, p3: number, t: number): number =>
  (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3;
