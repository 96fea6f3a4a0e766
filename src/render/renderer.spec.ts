import { paint, pixelAt, testImages, testProduct } from '../../test/support/render-product';
// The demo catalog's drawings, for a check on a real product.
import { demoCatalog } from '../catalog';
import { decodeRgba, encodePng, Rgba } from '../common/images/compose';
import { FontsService } from '../fonts';
import type { ProductCamera, ProductLayer } from '../catalog';
import type { Design } from '../recipe-sets';
import { RenderRequest, resolveRenderInputs } from './render-inputs';
import { renderView, RenderOptions, RenderSources } from './renderer';

const BLUE_ASSET = 7;
const fonts = new FontsService();
let layerImages: Record<string, Buffer>;
let sources: RenderSources<string>;
let loads: string[];

beforeAll(async () => {
  layerImages = await testImages();
  const blue = await encodePng(paint(20, 20, () => [0, 0, 255, 255]));
  sources = {
    layerImage: (ref) => {
      loads.push(ref);
      return Promise.resolve(layerImages[ref]);
    },
    uploadedAsset: (id) =>
      id === BLUE_ASSET ? Promise.resolve(blue) : Promise.reject(new Error(`no asset ${id}`)),
    outline: (request) => fonts.outline(request),
  };
});

beforeEach(() => {
  loads = [];
});

const decode = (png: Buffer): Promise<Rgba> => decodeRgba(png, { limitInputPixels: 1e6 });

async function render(
  design: Design,
  request: Partial<RenderRequest> = {},
  { colour = 'white', ...options }: RenderOptions & { colour?: string } = {},
): Promise<Rgba> {
  const inputs = resolveRenderInputs(testProduct(), { colour }, { viewAngle: 'front', ...request });
  const out = await renderView(inputs, design, sources, options);
  const image = await decode(out.png);
  expect({ width: image.width, height: image.height }).toEqual({
    width: out.width,
    height: out.height,
  });
  return image;
}

/** Design-rect pixels (view x 20–69, y 20–59) whose colour passes `test`. */
const count = (
  image: Rgba,
  test: (p: number[]) => boolean,
  area = { x0: 0, y0: 0, x1: 100, y1: 80 },
) => {
  let n = 0;
  for (let y = area.y0; y < area.y1; y++)
    for (let x = area.x0; x < area.x1; x++) if (test(pixelAt(image, x, y))) n++;
  return n;
};

const near = (a: number[], b: number[], tolerance = 3) =>
  a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

const text = (overrides: object = {}): Design => ({
  front: {
    elements: [
      {
        type: 'text',
        text: 'HI',
        font: 'roboto-bold',
        size: 60,
        colour: '#ff00ff',
        x: 25,
        y: 25,
        rotation: 0,
        align: 'center',
        ...overrides,
      },
    ],
  },
});

const image = (overrides: object = {}): Design => ({
  front: {
    elements: [
      {
        type: 'image',
        uploadedAssetId: BLUE_ASSET,
        x: 2,
        y: 3,
        width: 10,
        height: 6,
        rotation: 0,
        ...overrides,
      },
    ],
  },
});

describe('renderView', () => {
  it('tints the body with the colour option over the backdrop', async () => {
    const white = await render({});
    const black = await render({}, {}, { colour: 'black' });
    expect(pixelAt(white, 15, 15)).toEqual([255, 255, 255, 255]);
    expect(pixelAt(black, 15, 15)).toEqual([0, 0, 0, 255]);
    expect(pixelAt(black, 5, 70)).toEqual([200, 200, 200, 255]);
  });

  it('draws conditional layers by state: the lid when open, no backdrop with the cutout preset', async () => {
    expect(pixelAt(await render({}), 5, 5)).toEqual([200, 200, 200, 255]);
    expect(pixelAt(await render({}, { states: [['lid', 'open']] }), 5, 5)).toEqual([
      255, 0, 0, 255,
    ]);
    const cutout = await render({}, { renderStateHandle: 'cutout' });
    expect(pixelAt(cutout, 5, 5)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(cutout, 95, 75)[3]).toBe(0); // transparent where nothing is drawn
  });

  it('draws the design background within the print area, clipped by the mask, shaded by the overlay', async () => {
    const out = await render({ front: { background: '#0000ff', elements: [] } });
    expect(pixelAt(out, 30, 30)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(out, 65, 30)).toEqual([0, 0, 128, 255]); // × 50 % grey overlay
    expect(pixelAt(out, 65, 15)).toEqual([255, 255, 255, 255]); // overlay only within the design
    expect(pixelAt(out, 30, 57)).toEqual([200, 200, 200, 255]); // outside the body mask
    expect(pixelAt(out, 75, 30)).toEqual([255, 255, 255, 255]); // outside the print area
    expect(count(out, (p) => near(p, [0, 0, 255, 255]) || near(p, [0, 0, 128, 255]))).toBe(50 * 35);
  });

  it('draws text in its colour within the design area only', async () => {
    const out = await render(text({ size: 200, x: 25, y: 45 })); // spills past the print area
    const magenta = (p: number[]) => p[0] > 200 && p[1] < 40 && p[2] > 200;
    expect(count(out, magenta, { x0: 20, y0: 20, x1: 60, y1: 55 })).toBeGreaterThan(100);
    expect(count(out, magenta)).toBe(count(out, magenta, { x0: 20, y0: 20, x1: 60, y1: 55 }));
    expect(count(await render({}), magenta)).toBe(0);
  });

  it('centres, rotates and moves text as its anchor says', async () => {
    const magenta = (p: number[]) => p[0] > 150 && p[1] < 100 && p[2] > 150;
    const left = (img: Rgba) => count(img, magenta, { x0: 20, y0: 20, x1: 45, y1: 55 });
    const right = (img: Rgba) => count(img, magenta, { x0: 45, y0: 20, x1: 60, y1: 55 });
    const centred = await render(text({ size: 30, x: 25, y: 20 }));
    const starting = await render(text({ size: 30, x: 25, y: 20, align: 'left' }));
    expect(left(centred)).toBeGreaterThan(0);
    expect(right(starting)).toBeGreaterThan(right(centred));
    const turned = await render(text({ size: 30, x: 25, y: 20, rotation: 180 }));
    // Glyphs stand on the baseline (view y 40) above it; turned about the anchor, they hang below it.
    const above = { x0: 20, y0: 20, x1: 70, y1: 40 };
    const below = { x0: 20, y0: 40, x1: 70, y1: 60 };
    expect(count(centred, magenta, above)).toBeGreaterThan(0);
    expect(count(centred, magenta, below)).toBe(0);
    expect(count(turned, magenta, above)).toBe(0);
    expect(count(turned, magenta, below)).toBeGreaterThan(0);
  });

  it('draws image elements filling their box, rotated about its centre, clipped to the print area', async () => {
    const blue = (p: number[]) => near(p, [0, 0, 255, 255], 10);
    const flat = await render(image());
    expect(count(flat, blue)).toBe(10 * 6);
    expect(pixelAt(flat, 22, 23)).toEqual([0, 0, 255, 255]);
    const turned = await render(image({ rotation: 90 }));
    expect(count(turned, blue, { x0: 24, y0: 21, x1: 30, y1: 31 })).toBe(6 * 10);
    const spilling = await render(image({ x: 45, y: 30, width: 30, height: 30 }));
    // View x 65–69 (the print area ends at 70), y 50–54 (the body mask ends at 55), shaded.
    expect(count(spilling, (p) => p[2] > 100 && p[0] < 50)).toBe(5 * 5);
    expect(pixelAt(spilling, 66, 52)).toEqual([0, 0, 128, 255]);
  });

  it('crops to the camera and renders at its output size, or at a requested size', async () => {
    const zoomed = await render(
      { front: { background: '#0000ff', elements: [] } },
      { camera: 'ZOOM' },
    );
    expect(zoomed).toMatchObject({ width: 100, height: 80 });
    expect(pixelAt(zoomed, 10, 10)).toEqual([0, 0, 255, 255]); // view (25, 25)
    expect(pixelAt(zoomed, 10, 75)).toEqual([200, 200, 200, 255]); // view (25, 57): below the body
    expect(await render({}, { camera: 'zoom' }, { width: 25 })).toMatchObject({
      width: 25,
      height: 20,
    });
    expect(await render({}, {}, { width: 10, height: 30 })).toMatchObject({
      width: 10,
      height: 30,
    });
  });

  it('composes at the output scale: half size, and twice the size with the text drawn at it', async () => {
    const design: Design = { front: { background: '#0000ff', elements: [] } };
    const half = await render(design, {}, { width: 50, colour: 'black' });
    expect(half).toMatchObject({ width: 50, height: 40 });
    expect(near(pixelAt(half, 7, 7), [0, 0, 0, 255])).toBe(true); // view (14, 14): the body
    expect(near(pixelAt(half, 15, 15), [0, 0, 255, 255])).toBe(true); // view (30, 30): the design
    expect(near(pixelAt(half, 2, 35), [200, 200, 200, 255])).toBe(true); // view (4, 70): the backdrop
    // At twice the size a 1-millimetre-wide (1 view pixel) image is 2 pixels wide, not blurred.
    const bar = image({ x: 10, width: 1 });
    const double = await render(bar, {}, { width: 200 });
    const row = Array.from({ length: 10 }, (_, i) => pixelAt(double, 56 + i, 52)[0]);
    expect(row).toEqual([255, 255, 255, 255, 0, 0, 255, 255, 255, 255]);
  });

  it('loads each layer image once per render and gives the same bytes for the same inputs', async () => {
    const inputs = resolveRenderInputs(
      testProduct(),
      { colour: 'lime' },
      { viewAngle: 'front', states: [['lid', 'open']] },
    );
    const design = { ...text(), ...image() };
    design.front.elements.push(...image().front.elements);
    const a = await renderView(inputs, design, sources);
    expect([...loads].sort()).toEqual(['backdrop', 'body', 'lid', 'shade']);
    const b = await renderView(inputs, design, sources);
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('refuses an output size beyond the maximum before loading anything', async () => {
    const inputs = resolveRenderInputs(testProduct(), { colour: 'lime' }, { viewAngle: 'front' });
    await expect(renderView(inputs, {}, sources, { width: 5000 })).rejects.toThrow(
      'the render size 5000 × 4000 is larger than the maximum of 4096 pixels per side.',
    );
    expect(loads).toEqual([]);
  });

  it('refuses layer images beyond the input pixel limit', async () => {
    const inputs = resolveRenderInputs(testProduct(), { colour: 'lime' }, { viewAngle: 'front' });
    await expect(renderView(inputs, {}, sources, { limitInputPixels: 1000 })).rejects.toThrow(
      /pixel limit/i,
    );
  });
});

describe('renderView with other layers', () => {
  const renderLayers = async (
    layers: ProductLayer<string>[],
    design: Design = {},
    camera?: ProductCamera,
  ): Promise<Rgba> => {
    const product = testProduct();
    const view = { ...product.viewAngles[0], layers, cameras: camera ? [camera] : [] };
    const inputs = resolveRenderInputs(
      { ...product, viewAngles: [view] },
      { colour: 'lime' },
      { viewAngle: 'front', camera: camera?.handle },
    );
    return decode((await renderView(inputs, design, sources)).png);
  };

  it('fills through an opaque mask by its luminance', async () => {
    const out = await renderLayers([{ type: 'fill', maskImageId: 'halves', option: 'colour' }]);
    expect(pixelAt(out, 20, 40)).toEqual([0, 255, 0, 255]);
    expect(pixelAt(out, 80, 40)[3]).toBe(0);
  });

  it('blends image layers with their mode and opacity', async () => {
    const out = await renderLayers([
      { type: 'image', imageId: 'backdrop' },
      { type: 'image', imageId: 'shade', blend: 'multiply', opacity: 0.5 },
    ]);
    expect(pixelAt(out, 20, 40)).toEqual([200, 200, 200, 255]);
    // Half-way between 200 and 200 × 128 / 255.
    expect(pixelAt(out, 80, 40)[0]).toBeGreaterThanOrEqual(148);
    expect(pixelAt(out, 80, 40)[0]).toBeLessThanOrEqual(152);
  });

  it('turns a design layer about its rectangle’s centre', async () => {
    const design = image({ x: 0, y: 0 });
    const blue = (p: number[]) => p[2] > 200 && p[0] < 50 && p[3] > 200;
    const layer: ProductLayer<string> = {
      type: 'design',
      location: 'front',
      x: 20,
      y: 20,
      width: 50,
      height: 40,
    };
    const flat = await renderLayers([layer], design);
    expect(blue(pixelAt(flat, 22, 22))).toBe(true);
    // Turned 90° clockwise about (45, 40), the print area's top-left corner goes to (65, 15).
    const turned = await renderLayers([{ ...layer, rotation: 90 }], design);
    expect(blue(pixelAt(turned, 22, 22))).toBe(false);
    expect(blue(pixelAt(turned, 62, 20))).toBe(true);
    expect(count(turned, blue)).toBeGreaterThanOrEqual(50);
    expect(count(turned, blue, { x0: 58, y0: 14, x1: 66, y1: 26 })).toBe(count(turned, blue));
  });

  it('leaves transparent what a camera sees beyond the view', async () => {
    const out = await renderLayers(
      [{ type: 'image', imageId: 'backdrop' }],
      {},
      {
        handle: 'corner',
        x: -10,
        y: -10,
        width: 30,
        height: 30,
        outputWidth: 30,
        outputHeight: 30,
      },
    );
    expect(out).toMatchObject({ width: 30, height: 30 });
    expect(pixelAt(out, 5, 5)[3]).toBe(0);
    expect(pixelAt(out, 15, 15)).toEqual([200, 200, 200, 255]);
  });
});

describe('renderView on the demo bottle', () => {
  it('shows the cap screwed on or beside the bottle by the lid state', async () => {
    const { images, products } = await demoCatalog();
    const bottle = products.find((p) => p.handle === 'demo-bottle')!;
    const demoSources: RenderSources<string> = {
      ...sources,
      layerImage: (ref) => Promise.resolve(images[ref]),
    };
    const draw = async (lid: string) =>
      decode(
        (
          await renderView(
            resolveRenderInputs(
              bottle,
              { colour: 'red' },
              { viewAngle: 'north', states: [['lid', lid]] },
            ),
            {},
            demoSources,
          )
        ).png,
      );
    const [closed, open] = await Promise.all([draw('closed'), draw('open')]);
    const dark = (p: number[]) => p[0] < 110 && p[1] < 110 && p[2] < 110;
    // The cap above the neck (x 318–482, y 95–225) when closed; the backdrop there when open.
    expect(count(closed, dark, { x0: 330, y0: 100, x1: 470, y1: 140 })).toBeGreaterThan(4000);
    expect(count(open, dark, { x0: 330, y0: 100, x1: 470, y1: 140 })).toBe(0);
    // The body keeps its colour either way.
    expect(pixelAt(open, 400, 380)).toEqual(pixelAt(closed, 400, 380));
  });

  it('shows the wrap across its seam from the back (two design layers)', async () => {
    const { images, products } = await demoCatalog();
    const bottle = products.find((p) => p.handle === 'demo-bottle')!;
    const inputs = resolveRenderInputs(bottle, { colour: 'red' }, { viewAngle: 'south' });
    expect(inputs.layers.filter((l) => l.type === 'design')).toHaveLength(2);
    const design: Design = { wrap: { background: '#0000ff', elements: [] } };
    const demoSources: RenderSources<string> = {
      ...sources,
      layerImage: (ref) => Promise.resolve(images[ref]),
    };
    const out = await decode((await renderView(inputs, design, demoSources)).png);
    const blue = (p: number[]) => p[2] > 150 && p[0] < 60 && p[1] < 60;
    for (const x of [300, 398, 400, 402, 500]) expect(blue(pixelAt(out, x, 600))).toBe(true);
    expect(blue(pixelAt(out, 400, 420))).toBe(false); // above the wrap band
  });
});
