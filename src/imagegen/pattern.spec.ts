import { PALETTES, patternSvg, planPattern, seededRandom } from './pattern';

describe('seeded patterns', () => {
  it('draws the same document for the same seed, palette and size', () => {
    const a = patternSvg('order-42015953', undefined, 512);
    expect(patternSvg('order-42015953', undefined, 512)).toBe(a);
    expect(patternSvg('order-42015953', ['#000000', '#ffffff'], 256)).toBe(
      patternSvg('order-42015953', ['#000000', '#ffffff'], 256),
    );
  });

  it('draws another pattern for another seed', () => {
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'];
    const documents = new Set(seeds.map((s) => patternSvg(s, undefined, 256)));
    expect(documents.size).toBe(seeds.length);
  });

  it('is a fixed function of the seed (same numbers on every machine)', () => {
    const random = seededRandom('seed');
    // A change here changes every pattern callers have stored: it must be deliberate.
    expect([random(), random(), random()]).toEqual([
      0.8039102365728468, 0.5325196874327958, 0.05684020044282079,
    ]);
    const plan = planPattern('order-42015953');
    expect(plan.cells).toBe(4);
    expect(plan.palette[0]).toBe('#1d3557');
    expect(plan.grid[0]).toEqual({
      background: '#457b9d',
      colour: '#f1faee',
      shape: 'diamond',
      turns: 2,
    });
  });

  it('uses only the palette given, two colours per cell', () => {
    const colours = ['#111111', '#222222', '#333333'];
    const plan = planPattern('palette', colours);
    expect(plan.cells).toBeGreaterThanOrEqual(4);
    expect(plan.cells).toBeLessThanOrEqual(8);
    expect(plan.grid).toHaveLength(plan.cells ** 2);
    for (const cell of plan.grid) {
      expect(colours).toContain(cell.background);
      expect(colours).toContain(cell.colour);
      expect(cell.colour).not.toBe(cell.background);
    }
    const fills = [...patternSvg('palette', colours, 300).matchAll(/fill="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(new Set(fills)).toEqual(new Set(colours));
  });

  it('picks a built-in palette by the seed when none is given', () => {
    const plan = planPattern('no palette');
    expect(PALETTES).toContain(plan.palette);
  });

  it('writes a document of the size asked for', () => {
    expect(patternSvg('x', undefined, 640)).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="640" viewBox="0 0 640 640">/,
    );
  });
});
