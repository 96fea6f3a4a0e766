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
    const first = [random(), random(), random()];
    const again = seededRandom('seed');
    expect([again(), again(), again()]).toEqual(first);
    for (const v of first) expect(v >= 0 && v < 1).toBe(true);
    // A change here changes every stored pattern: it must be deliberate.
    expect(planPattern('order-42015953').cells).toBe(planPattern('order-42015953').cells);
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
