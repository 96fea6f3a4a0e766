import { BUNDLED_FONTS } from './font-registry';
import { InvalidTextMetrics, UnknownFont } from './fonts.errors';
import { FontsService } from './fonts.service';
import { LINE_HEIGHT } from './text-outline';

/** Every coordinate of path data, in order. */
const numbers = (d: string): number[] => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('FontsService (bundled font files)', () => {
  const fonts = new FontsService();
  const base = { text: 'A', font: 'roboto', size: 72, scale: 1, align: 'left' as const };

  it('lists the bundled fonts by handle, each OFL-licensed, with stable lower-case handles', () => {
    const list = fonts.list();
    expect(list.map((f) => f.handle)).toEqual([
      'lobster',
      'open-sans',
      'open-sans-bold',
      'oswald',
      'pacifico',
      'playfair-display',
      'playfair-display-bold',
      'roboto',
      'roboto-bold',
      'roboto-italic',
    ]);
    expect(list.find((f) => f.handle === 'roboto-italic')).toEqual({
      handle: 'roboto-italic',
      family: 'Roboto',
      weight: 400,
      style: 'italic',
      license: 'OFL-1.1',
    });
    for (const f of list) expect(f.license).toBe('OFL-1.1');
    expect(fonts.has('roboto-bold')).toBe(true);
    expect(fonts.has('Roboto-Bold')).toBe(true);
    expect(fonts.has('comic-sans')).toBe(false);
  });

  it('finds every font file and draws "A" from each', async () => {
    expect(() => fonts.onModuleInit()).not.toThrow();
    for (const { handle } of BUNDLED_FONTS) {
      const out = await fonts.outline({ ...base, font: handle });
      expect(out.d).toMatch(/^M[-\d.]+ [-\d.]+[LQC]/);
      expect(out.d).not.toContain('NaN');
      // A capital rises about 0.7 em above the baseline (script fonts' swashes reach below it).
      expect(-out.bbox.y).toBeGreaterThan(72 * 0.5);
      expect(-out.bbox.y).toBeLessThan(72 * 0.9);
      expect(out.bbox.y + out.bbox.height).toBeGreaterThan(-1);
      expect(out.bbox.y + out.bbox.height).toBeLessThan(72 * 0.2);
    }
  });

  it('scales linearly with size and with scale', async () => {
    const one = await fonts.outline(base);
    const twice = await fonts.outline({ ...base, scale: 2 });
    const doubleSize = await fonts.outline({ ...base, size: 144 });
    expect(twice.d).toBe(doubleSize.d);
    const [a, b] = [numbers(one.d), numbers(twice.d)];
    expect(b).toHaveLength(a.length);
    b.forEach((v, i) => expect(Math.abs(v - 2 * a[i])).toBeLessThanOrEqual(0.011));
    expect(twice.bbox.width).toBeCloseTo(2 * one.bbox.width, 1);
    expect(twice.bbox.height).toBeCloseTo(2 * one.bbox.height, 1);
  });

  it('shifts each line by alignment: centre by half the advance, right by all of it', async () => {
    const [left, center, right] = await Promise.all(
      (['left', 'center', 'right'] as const).map((align) => fonts.outline({ ...base, align })),
    );
    const advance = left.bbox.x - right.bbox.x;
    // Roboto's "A" advances 1336 of 2048 units.
    expect(advance).toBeCloseTo((1336 / 2048) * 72, 1);
    expect(left.bbox.x - center.bbox.x).toBeCloseTo(advance / 2, 1);
    expect(center.bbox.width).toBe(left.bbox.width);
  });

  it('applies the font’s pair kerning', async () => {
    // At 2048 pt and scale 1 a Roboto font unit is one output unit; "AV" kerns by -87 units.
    const big = { ...base, size: 2048 };
    const av = await fonts.outline({ ...big, text: 'AV' });
    const v = await fonts.outline({ ...big, text: 'V' });
    expect(av.bbox.x + av.bbox.width).toBeCloseTo(1336 - 87 + v.bbox.x + v.bbox.width, 1);
  });

  it('lays out lines 1.2 × size apart, reading \\r\\n as \\n', async () => {
    const one = await fonts.outline(base);
    const two = await fonts.outline({ ...base, text: 'A\nA' });
    expect((await fonts.outline({ ...base, text: 'A\r\nA' })).d).toBe(two.d);
    expect(two.bbox.height).toBeCloseTo(one.bbox.height + LINE_HEIGHT * 72, 1);
    const second = numbers(two.d).slice(numbers(one.d).length);
    numbers(one.d).forEach((v, i) => {
      const expected = i % 2 === 0 ? v : v + LINE_HEIGHT * 72;
      expect(Math.abs(second[i] - expected)).toBeLessThanOrEqual(0.011);
    });
  });

  it('draws characters a font lacks as its .notdef glyph, advancing past them', async () => {
    // Roboto's .notdef is a box; Open Sans's is blank but still advances.
    expect((await fonts.outline({ ...base, text: '中' })).d).not.toBe('');
    expect((await fonts.outline({ ...base, font: 'open-sans', text: '中' })).d).toBe('');
    const a = await fonts.outline({ ...base, font: 'open-sans' });
    const shifted = await fonts.outline({ ...base, font: 'open-sans', text: '中A' });
    expect(shifted.bbox.x).toBeGreaterThan(a.bbox.x + 10);
  });

  it('returns the same string for the same input, across service instances', async () => {
    const input = {
      ...base,
      text: 'Hello,\nWörld!',
      font: 'playfair-display',
      align: 'center' as const,
    };
    const first = await fonts.outline(input);
    expect(await fonts.outline(input)).toEqual(first);
    expect(await new FontsService().outline(input)).toEqual(first);
    expect(await fonts.outline({ ...input, font: 'Playfair-Display' })).toEqual(first);
  });

  it('refuses an unknown font handle, naming it and the bundled ones', async () => {
    const failure = fonts.outline({ ...base, font: 'comic-sans' });
    await expect(failure).rejects.toBeInstanceOf(UnknownFont);
    await expect(failure).rejects.toThrow(
      /"comic-sans" is not one of the bundled fonts \(lobster, .*roboto-italic\)/,
    );
  });

  it('refuses sizes and scales that are not positive finite numbers within the limits', async () => {
    for (const bad of [0, -1, Number.NaN, Infinity, 1e6]) {
      await expect(fonts.outline({ ...base, size: bad })).rejects.toBeInstanceOf(
        InvalidTextMetrics,
      );
    }
    await expect(fonts.outline({ ...base, scale: 0 })).rejects.toThrow(
      'The text scale must be a number greater than 0 and at most 1000; got 0.',
    );
  });
});
