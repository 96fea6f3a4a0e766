import type { FaceGlyph, FontFace } from './opentype';
import { outlineText } from './text-outline';

/** A font of 1000 units per em: `a` a 100-unit square advancing 120, `o` a quadratic bump. */
const glyphs: Record<string, FaceGlyph> = {
  a: {
    index: 1,
    advance: 120,
    commands: [
      { type: 'M', x: 0, y: 0 },
      { type: 'L', x: 100, y: 0 },
      { type: 'L', x: 100, y: 100 },
      { type: 'L', x: 0, y: 100 },
      { type: 'Z' },
    ],
  },
  o: {
    index: 2,
    advance: 200,
    commands: [
      { type: 'M', x: 0, y: 0 },
      // Control point at y = 200: the curve peaks at y = 100, halfway.
      { type: 'Q', x1: 100, y1: 200, x: 200, y: 0 },
      { type: 'Z' },
    ],
  },
  c: {
    index: 3,
    advance: 100,
    commands: [
      { type: 'M', x: 0, y: 0 },
      // Symmetric cubic with both controls at y = 400: it peaks at y = 300.
      { type: 'C', x1: 0, y1: 400, x2: 100, y2: 400, x: 100, y: 0 },
      { type: 'Z' },
    ],
  },
};
const notdef: FaceGlyph = { index: 0, advance: 50, commands: [] };

const face: FontFace = {
  unitsPerEm: 1000,
  glyph: (char) => glyphs[char] ?? notdef,
  // "aa" kerns by -20 units.
  kerning: (left, right) => (left.index === 1 && right.index === 1 ? -20 : 0),
};

const layout = { size: 10, scale: 1, align: 'left' as const };

describe('outlineText', () => {
  it('writes absolute path data, y down, from the anchor on the first baseline', () => {
    expect(outlineText(face, { ...layout, text: 'a' })).toEqual({
      d: 'M0 0L1 0L1 -1L0 -1Z',
      bbox: { x: 0, y: -1, width: 1, height: 1 },
    });
  });

  it('advances by each glyph and applies pair kerning', () => {
    const { d } = outlineText(face, { ...layout, text: 'aa' });
    // Second square at 120 − 20 = 100 units = 1 unit of output.
    expect(d).toBe('M0 0L1 0L1 -1L0 -1ZM1 0L2 0L2 -1L1 -1Z');
  });

  it('aligns each line against the anchor', () => {
    const box = (align: 'left' | 'center' | 'right') =>
      outlineText(face, { ...layout, align, text: 'a' }).bbox.x;
    expect([box('left'), box('center'), box('right')]).toEqual([0, -0.6, -1.2]);
  });

  it('puts line n on the baseline n × 1.2 × size × scale, aligning lines independently', () => {
    const out = outlineText(face, {
      ...layout,
      size: 10,
      scale: 2,
      align: 'right',
      text: 'a\r\naa',
    });
    expect(out.d).toBe(
      'M-2.4 0L-0.4 0L-0.4 -2L-2.4 -2Z' +
        'M-4.4 24L-2.4 24L-2.4 22L-4.4 22ZM-2.4 24L-0.4 24L-0.4 22L-2.4 22Z',
    );
    expect(out.bbox).toEqual({ x: -4.4, y: -2, width: 4, height: 26 });
  });

  it('bounds curves by their extremes, not their control points', () => {
    expect(outlineText(face, { ...layout, text: 'o' }).bbox).toEqual({
      x: 0,
      y: -1,
      width: 2,
      height: 1,
    });
    expect(outlineText(face, { ...layout, text: 'c' }).bbox).toEqual({
      x: 0,
      y: -3,
      width: 1,
      height: 3,
    });
  });

  it('advances over glyphs without ink (.notdef here) and returns an empty outline for blank text', () => {
    expect(outlineText(face, { ...layout, text: '?a' }).bbox.x).toBe(0.5);
    expect(outlineText(face, { ...layout, text: '' })).toEqual({
      d: '',
      bbox: { x: 0, y: 0, width: 0, height: 0 },
    });
  });

  it('rounds to two decimals and never writes -0', () => {
    const { d } = outlineText(face, {
      ...layout,
      size: 1,
      scale: 1 / 3,
      align: 'center',
      text: 'a',
    });
    expect(d).toBe('M-0.02 0L0.01 0L0.01 -0.03L-0.02 -0.03Z');
    // Right-aligned at a tiny size every coordinate is a small negative number that rounds to 0.
    const tiny = outlineText(face, {
      ...layout,
      size: 0.1,
      scale: 1 / 3,
      align: 'right',
      text: 'a',
    });
    expect(tiny.d).toBe('M0 0L0 0L0 0L0 0Z');
  });
});
