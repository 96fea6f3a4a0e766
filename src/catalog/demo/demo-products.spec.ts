import { normalizeUpload } from '../../common/images/images';
import { ProductDefinition, ProductLayer } from '../product-definition';
import { DEMO_ARTWORK_SIZE, drawDemoImages } from './demo-artwork';
import { demoArtwork, demoCatalog, DemoCatalog, demoProducts } from './demo-products';

const HANDLE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const HEX = /^#[0-9a-f]{6}$/;

/** The PNG colour type from the IHDR chunk: 6 = RGB with alpha. */
const pngColourType = (png: Buffer): number => png[25];

const imageRefs = (layer: ProductLayer<string>): string[] => {
  switch (layer.type) {
    case 'image':
      return [layer.imageId];
    case 'fill':
      return [layer.maskImageId];
    case 'design':
      return [layer.maskImageId, layer.overlayImageId].filter((r): r is string => r !== undefined);
  }
};

describe('demo catalog', () => {
  let catalog: DemoCatalog;
  const product = (handle: string): ProductDefinition<string> =>
    catalog.products.find((p) => p.handle === handle)!;

  beforeAll(async () => {
    catalog = await demoCatalog();
  });

  it('has demo-tee and demo-bottle, the same definitions as demoProducts()', () => {
    expect(catalog.products.map((p) => p.handle)).toEqual(['demo-tee', 'demo-bottle']);
    expect(demoProducts()).toEqual(catalog.products);
  });

  it('draws every image as a PNG the upload path accepts, at the size of the views that use it', async () => {
    const sizes = new Map<string, string>();
    for (const p of catalog.products)
      for (const view of p.viewAngles)
        for (const ref of view.layers.flatMap(imageRefs)) {
          const size = `${view.width} × ${view.height}`;
          expect([undefined, size]).toContain(sizes.get(ref));
          sizes.set(ref, size);
        }
    // Every drawn image is used, and every used image is drawn.
    expect(Object.keys(catalog.images).sort()).toEqual([...sizes.keys()].sort());
    for (const [ref, bytes] of Object.entries(catalog.images)) {
      const image = await normalizeUpload(bytes, { maxPixels: 10_000_000, name: ref });
      expect({ ref, format: image.format, size: `${image.width} × ${image.height}` }).toEqual({
        ref,
        format: 'png',
        size: sizes.get(ref),
      });
      expect(pngColourType(bytes)).toBe(6);
    }
  });

  it('draws the customer artwork as a 600 × 600 PNG with transparency', async () => {
    const bytes = await demoArtwork();
    const image = await normalizeUpload(bytes, { maxPixels: 10_000_000 });
    expect([image.format, image.width, image.height]).toEqual([
      'png',
      DEMO_ARTWORK_SIZE.width,
      DEMO_ARTWORK_SIZE.height,
    ]);
    expect(pngColourType(bytes)).toBe(6);
  });

  it('draws the same bytes every time', async () => {
    expect(await drawDemoImages()).toEqual(catalog.images);
    expect((await demoArtwork()).equals(await demoArtwork())).toBe(true);
  });

  it('keeps every reference of each product inside the product', () => {
    for (const p of catalog.products) {
      const handles = [
        p.handle,
        ...p.options.map((o) => o.handle),
        ...p.locations.map((l) => l.handle),
        ...p.viewAngles.flatMap((v) => [v.handle, ...v.cameras.map((c) => c.handle)]),
        ...p.renderStates.map((s) => s.handle),
        ...p.renderStatePresets.map((s) => s.handle),
      ];
      for (const h of handles) expect(h).toMatch(HANDLE);
      const states = new Map(p.renderStates.map((s) => [s.handle, s.values]));
      const allowed = (given: Record<string, string>) =>
        Object.entries(given).every(([k, v]) => states.get(k)?.includes(v));
      for (const s of p.renderStates) expect(s.values).toContain(s.default);
      for (const preset of p.renderStatePresets) expect(allowed(preset.states)).toBe(true);
      for (const l of p.locations) expect([l.dpi, l.embellishment]).toEqual([300, 'print']);
      for (const view of p.viewAngles) {
        expect(view.cameras.map((c) => c.handle)).toEqual(['Ortho', 'closeup']);
        for (const c of view.cameras) {
          for (const n of Object.values(c).filter((v) => typeof v === 'number'))
            expect(Number.isInteger(n)).toBe(true);
          expect(c.x + c.width).toBeLessThanOrEqual(view.width);
          expect(c.y + c.height).toBeLessThanOrEqual(view.height);
        }
        for (const layer of view.layers) {
          for (const ref of imageRefs(layer)) expect(catalog.images).toHaveProperty([ref]);
          if (layer.when) expect(allowed(layer.when)).toBe(true);
          if (layer.type === 'fill') {
            const option = p.options.find((o) => o.handle === layer.option)!;
            for (const v of option.values) expect(v.hex).toMatch(HEX);
          }
          if (layer.type === 'design') {
            const location = p.locations.find((l) => l.handle === layer.location)!;
            const { widthMm, heightMm } = location.printArea;
            // The print area fills the rectangle: same aspect ratio.
            expect(layer.width / layer.height).toBeCloseTo(widthMm / heightMm, 9);
          }
        }
      }
    }
  });

  it('has one SKU per combination of option values, each with a price', () => {
    for (const p of catalog.products) {
      const combos = p.options.reduce<string[]>(
        (acc, o) =>
          acc.flatMap((prefix) => o.values.map((v) => `${prefix}${o.handle}=${v.value};`)),
        [''],
      );
      const skuCombos = p.skus.map((s) =>
        p.options.map((o) => `${o.handle}=${s.options[o.handle]};`).join(''),
      );
      expect(skuCombos.sort()).toEqual(combos.sort());
      expect(new Set(p.skus.map((s) => s.sku)).size).toBe(p.skus.length);
      for (const s of p.skus) {
        expect(Object.keys(s.options).sort()).toEqual(p.options.map((o) => o.handle).sort());
        expect(s.unitPrice).toBeGreaterThan(0);
      }
    }
    expect(product('demo-tee').skus).toHaveLength(12);
  });

  it('makes demo-tee: colour and size, front on north and back on south', () => {
    const tee = product('demo-tee');
    expect(tee.options.map((o) => [o.handle, o.values.map((v) => v.value)])).toEqual([
      ['colour', ['white', 'black', 'heather']],
      ['size', ['S', 'M', 'L', 'XL']],
    ]);
    expect(tee.locations.map((l) => l.handle)).toEqual(['front', 'back']);
    const designs = tee.viewAngles.map((v) => [
      v.handle,
      v.layers.filter((l) => l.type === 'design').map((l) => l.type === 'design' && l.location),
    ]);
    expect(designs).toEqual([
      ['north', ['front']],
      ['south', ['back']],
    ]);
  });

  it('makes demo-bottle: five views, lid and background states, the print-output preset', () => {
    const bottle = product('demo-bottle');
    expect(bottle.viewAngles.map((v) => v.handle).sort()).toEqual(
      ['east', 'north', 'northeast', 'south', 'west'].sort(),
    );
    expect(bottle.locations.map((l) => [l.handle, l.printArea])).toEqual([
      ['wrap', { widthMm: 220, heightMm: 90 }],
    ]);
    expect(bottle.renderStates).toEqual([
      { handle: 'lid', values: ['open', 'closed'], default: 'closed' },
      { handle: 'background', values: ['white', 'transparent'], default: 'white' },
    ]);
    expect(bottle.renderStatePresets).toEqual([
      { handle: 'print-output', states: { background: 'transparent', lid: 'closed' } },
    ]);
    const wrapXs = new Map<string, number[]>();
    for (const view of bottle.viewAngles) {
      const conditions = view.layers.filter((l) => l.when).map((l) => l.when);
      expect(conditions).toEqual([{ background: 'white' }, { lid: 'closed' }, { lid: 'open' }]);
      wrapXs.set(
        view.handle,
        view.layers.flatMap((l) => (l.type === 'design' ? [l.x] : [])),
      );
    }
    // Each view shows its own part of the wrap; the back straddles the wrap's two ends.
    expect(Object.fromEntries(wrapXs)).toEqual({
      north: [-40],
      northeast: [-150],
      east: [-260],
      south: [-480, 400],
      west: [180],
    });
  });
});
