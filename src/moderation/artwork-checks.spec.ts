import type { ProductLocation } from '../catalog';
import { checkArtwork } from './artwork-checks';
import { RasterArtwork } from './image-analysis';
import { machineCheck, verdictOf } from './machine-checks';
import { pixelStats } from './pixel-stats';

const raster = (over: Partial<RasterArtwork> = {}): RasterArtwork => ({
  kind: 'raster',
  format: 'png',
  width: 1200,
  height: 1200,
  hasAlpha: true,
  hash: '0123456789abcdef',
  transparentShare: 0.5,
  partialShare: 0,
  lumaStdDev: 40,
  alphaStdDev: 120,
  colours: 3,
  solidBorder: undefined,
  ...over,
});
const front: ProductLocation = {
  handle: 'front',
  printArea: { widthMm: 300, heightMm: 400 },
  dpi: 300,
  embellishment: 'print',
};
const codes = (r: { issues: { code: string; severity: string }[] }) =>
  r.issues.map((i) => `${i.severity}:${i.code}`);

describe('checkArtwork', () => {
  it('flags 100 px at 100 mm on a 300-DPI location as an error, 1200 px as fine', () => {
    const low = checkArtwork({
      artwork: raster({ width: 100, height: 100 }),
      location: front,
      given: { width: 100, height: 100 },
    });
    expect(codes(low)).toContain('error:RESOLUTION_TOO_LOW');
    expect(low.effectiveDpi).toBe(25.4);
    const good = checkArtwork({ artwork: raster(), location: front, given: { width: 100 } });
    expect(codes(good)).toEqual([]);
    expect(good.effectiveDpi).toBe(304.8);
  });

  it('warns between half the DPI and the DPI', () => {
    const r = checkArtwork({
      artwork: raster({ width: 800, height: 800 }),
      location: front,
      given: { width: 100 },
    });
    expect(codes(r)).toEqual(['warning:RESOLUTION_LOW']);
  });

  it('counts colours on embroidery only', () => {
    const many = raster({ colours: 20 });
    const embroidery = { ...front, embellishment: 'embroidery' as const, dpi: 150 };
    expect(
      codes(checkArtwork({ artwork: many, location: embroidery, given: { width: 100 } })),
    ).toContain('warning:TOO_MANY_COLOURS');
    expect(codes(checkArtwork({ artwork: many, location: front, given: { width: 100 } }))).toEqual(
      [],
    );
  });

  it('reports opaque artwork on print locations', () => {
    const opaque = raster({ transparentShare: 0, solidBorder: '#ffffff' });
    expect(
      codes(checkArtwork({ artwork: opaque, location: front, given: { width: 100 } })),
    ).toEqual(['warning:SOLID_BACKGROUND']);
    const photo = raster({ transparentShare: 0 });
    expect(codes(checkArtwork({ artwork: photo, location: front, given: { width: 100 } }))).toEqual(
      ['info:NO_TRANSPARENCY'],
    );
  });
});

describe('pixelStats', () => {
  it('counts quantised colours and finds a solid border', () => {
    const w = 40;
    const h = 10;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      const x = i % w;
      const c =
        x < 10 ? [255, 255, 255] : x < 20 ? [255, 0, 0] : x < 30 ? [0, 0, 255] : [0, 128, 0];
      rgba.set([...c, 255], i * 4);
    }
    const stats = pixelStats(rgba, w, h);
    expect(stats.colours).toBe(4);
    expect(stats.transparentShare).toBe(0);
    expect(stats.solidBorder).toBeUndefined();
    expect(pixelStats(new Uint8Array(16 * 4).fill(255), 4, 4).solidBorder).toBe('#ffffff');
  });
});

describe('machineCheck', () => {
  it('blocks a near blocked hash and blank images, reviews extreme shapes', () => {
    const near = machineCheck(raster(), [{ id: 3, hash: '0123456789abcdee', label: 'x' }]);
    expect(near.scores.hashDistance).toBe(1);
    expect(verdictOf(near.reasons)).toBe('block');
    const blank = machineCheck(raster({ lumaStdDev: 0.5, alphaStdDev: 0 }), []);
    expect(verdictOf(blank.reasons)).toBe('block');
    const wide = machineCheck(raster({ width: 1000, height: 100 }), []);
    expect(wide.reasons.map((r) => r.code)).toEqual(['EXTREME_ASPECT_RATIO']);
    expect(verdictOf(wide.reasons)).toBe('review');
    expect(verdictOf(machineCheck(raster(), []).reasons)).toBe('pass');
  });
});
