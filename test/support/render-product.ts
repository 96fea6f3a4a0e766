import type { ProductDefinition } from '../../src/catalog';
import { encodePng, Rgba } from '../../src/common/images/compose';

/**
 * A tiny product for the renderer's tests, drawn pixel by pixel: a 100 × 80 view with a grey
 * backdrop (background state `grey`), a body (x 10–89, y 10–54) tinted by `colour`, the `front`
 * location (50 × 40 mm) in the rectangle x 20–69, y 20–59 (1 px per mm) clipped by the body and
 * shaded by a 50 % grey overlay on x ≥ 60, and a red lid square (x 0–9, y 0–9) when `lid` is open.
 * `halves` (an opaque mask, white on x < 50) is there for other layers a test adds.
 */
export function testProduct(): ProductDefinition<string> {
  return {
    handle: 'tiny',
    name: 'Tiny',
    options: [
      {
        handle: 'colour',
        values: [
          { value: 'white', hex: '#ffffff' },
          { value: 'black', hex: '#000000' },
          { value: 'lime', hex: '#00FF00' },
        ],
      },
      { handle: 'size', values: [{ value: 'S' }] },
    ],
    skus: [],
    locations: [
      {
        handle: 'front',
        printArea: { widthMm: 50, heightMm: 40 },
        dpi: 300,
        embellishment: 'print',
      },
    ],
    viewAngles: [
      {
        handle: 'Front',
        width: 100,
        height: 80,
        layers: [
          { type: 'image', imageId: 'backdrop', when: { background: 'grey' } },
          { type: 'fill', maskImageId: 'body', option: 'colour' },
          {
            type: 'design',
            location: 'front',
            x: 20,
            y: 20,
            width: 50,
            height: 40,
            maskImageId: 'body',
            overlayImageId: 'shade',
          },
          { type: 'image', imageId: 'lid', when: { lid: 'open' } },
        ],
        cameras: [
          {
            handle: 'Zoom',
            x: 20,
            y: 20,
            width: 50,
            height: 40,
            outputWidth: 100,
            outputHeight: 80,
          },
        ],
      },
    ],
    renderStates: [
      { handle: 'lid', values: ['open', 'closed'], default: 'closed' },
      { handle: 'background', values: ['grey', 'none'], default: 'grey' },
    ],
    renderStatePresets: [{ handle: 'cutout', states: { background: 'none', lid: 'open' } }],
  };
}

type Pixel = [number, number, number, number];

/** A `width` × `height` image with `paint(x, y)` as each pixel. */
export function paint(
  width: number,
  height: number,
  colour: (x: number, y: number) => Pixel,
): Rgba {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 4);
  return { data, width, height };
}

const CLEAR: Pixel = [0, 0, 0, 0];

/** The tiny product's layer images as PNG, by name. */
export async function testImages(): Promise<Record<string, Buffer>> {
  const images: Record<string, Rgba> = {
    backdrop: paint(100, 80, () => [200, 200, 200, 255]),
    body: paint(100, 80, (x, y) =>
      x >= 10 && x < 90 && y >= 10 && y < 55 ? [255, 255, 255, 255] : CLEAR,
    ),
    shade: paint(100, 80, (x) => (x >= 60 ? [128, 128, 128, 255] : CLEAR)),
    lid: paint(100, 80, (x, y) => (x < 10 && y < 10 ? [255, 0, 0, 255] : CLEAR)),
    // An opaque black-and-white mask: white on the left half.
    halves: paint(100, 80, (x) => (x < 50 ? [255, 255, 255, 255] : [0, 0, 0, 255])),
  };
  const out: Record<string, Buffer> = {};
  for (const [name, image] of Object.entries(images)) out[name] = await encodePng(image);
  return out;
}

/** The pixel at (x, y) as [r, g, b, a]. */
export const pixelAt = (image: Rgba, x: number, y: number): Pixel => {
  const p = (y * image.width + x) * 4;
  return [image.data[p], image.data[p + 1], image.data[p + 2], image.data[p + 3]];
};
