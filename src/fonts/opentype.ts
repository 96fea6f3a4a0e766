import { readFile } from 'node:fs/promises';
import { parse, type Font, type PathCommand } from 'opentype.js';

/**
 * The one file that imports opentype.js: it reads a TrueType/OpenType file and answers what the
 * text layout needs, glyph by glyph. It deliberately bypasses opentype.js's text shaping
 * (`stringToGlyphs`), which throws on GSUB lookups it does not support (Roboto's `ccmp`), and its
 * SVG path serialiser, which writes `NaN` for some coordinates: layout and path data are ours.
 */

export type { PathCommand };

/** One glyph: its advance and outline in font units (y up). */
export interface FaceGlyph {
  index: number;
  advance: number;
  commands: readonly PathCommand[];
}

/** A parsed font, cached per glyph. */
export interface FontFace {
  unitsPerEm: number;
  /**
   * The glyph of a character (one code point), by the font's character map only: no ligatures
   * or contextual forms. A character the font lacks gives glyph 0, the font's `.notdef`.
   */
  glyph(char: string): FaceGlyph;
  /** Pair kerning (GPOS, else the `kern` table) in font units; 0 when none. */
  kerning(left: FaceGlyph, right: FaceGlyph): number;
}

const MAX_CACHED_CHARS = 4096;

/** Reads and parses a font file. */
export async function loadFontFace(file: string): Promise<FontFace> {
  const bytes = await readFile(file);
  // A copy of exactly the file's bytes (a Buffer may be a view into a larger, shared pool).
  const font = parse(new Uint8Array(bytes).buffer);
  return new OpentypeFace(font);
}

class OpentypeFace implements FontFace {
  readonly unitsPerEm: number;
  private readonly byChar = new Map<string, FaceGlyph>();
  private readonly byIndex = new Map<number, FaceGlyph>();

  constructor(private readonly font: Font) {
    this.unitsPerEm = font.unitsPerEm;
  }

  glyph(char: string): FaceGlyph {
    let glyph = this.byChar.get(char);
    if (!glyph) {
      const index = this.font.charToGlyph(char)?.index ?? 0;
      glyph = this.byIndex.get(index) ?? this.load(index);
      // Bounded: a text of many distinct rare characters must not grow the cache without end.
      if (this.byChar.size < MAX_CACHED_CHARS) this.byChar.set(char, glyph);
    }
    return glyph;
  }

  kerning(left: FaceGlyph, right: FaceGlyph): number {
    return this.font.getKerningValue(left.index, right.index) || 0;
  }

  private load(index: number): FaceGlyph {
    const glyph = this.font.glyphs.get(index);
    const loaded: FaceGlyph = {
      index,
      advance: glyph.advanceWidth ?? 0,
      commands: glyph.path.commands,
    };
    this.byIndex.set(index, loaded);
    return loaded;
  }
}
