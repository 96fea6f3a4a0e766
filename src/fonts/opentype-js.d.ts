/**
 * The part of opentype.js 2.0 (which ships no types) that src/fonts/opentype.ts uses. Font units,
 * y pointing up, as stored in the font.
 */
declare module 'opentype.js' {
  export type PathCommand =
    | { type: 'M' | 'L'; x: number; y: number }
    | { type: 'Q'; x1: number; y1: number; x: number; y: number }
    | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: 'Z' };

  export interface Glyph {
    index: number;
    advanceWidth?: number;
    readonly path: { commands: PathCommand[] };
  }

  export interface Font {
    unitsPerEm: number;
    charToGlyph(char: string): Glyph | null;
    getKerningValue(leftGlyphIndex: number, rightGlyphIndex: number): number;
    glyphs: { get(index: number): Glyph };
  }

  export function parse(buffer: ArrayBuffer): Font;
}
