import {
  DesignLayer,
  ProductCamera,
  ProductDefinition,
  ProductLayer,
  ProductSku,
  ProductViewAngle,
} from '../product-definition';
import { demoArtwork, drawDemoImages } from './demo-artwork';
import {
  BOTTLE_BODY,
  BOTTLE_PX_PER_MM,
  BOTTLE_VIEW,
  BOTTLE_WRAP_TOP,
  LoopAngle,
} from './demo-bottle-artwork';
import { TEE_PRINT_RECT, TEE_VIEW, TeeSide } from './demo-tee-artwork';

/**
 * The demo catalog (issue 10): `demo-tee` and `demo-bottle`, whose layers name images drawn by
 * demo-artwork.ts. Image references are keys of `images`; installing replaces them with the ids
 * of the uploaded copies.
 */

export { demoArtwork };

export interface DemoCatalog {
  images: Record<string, Buffer>;
  products: ProductDefinition<string>[];
}

let drawn: Promise<Record<string, Buffer>> | undefined;

/**
 * The demo products and their images. The images are drawn once per process and shared: treat
 * the buffers as read-only.
 */
export async function demoCatalog(): Promise<DemoCatalog> {
  drawn ??= drawDemoImages().catch((error: unknown) => {
    drawn = undefined;
    throw error;
  });
  return { images: await drawn, products: demoProducts() };
}

/** The demo products' definitions alone (no drawing): cheap, for handles and checks. */
export function demoProducts(): ProductDefinition<string>[] {
  return [demoTee(), demoBottle()];
}

const combinations = <T>(lists: T[][]): T[][] =>
  lists.reduce<T[][]>(
    (acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])),
    [[]],
  );

/** Whole view, at its native size. */
const ortho = (width: number, height: number): ProductCamera => ({
  handle: 'Ortho',
  x: 0,
  y: 0,
  width,
  height,
  outputWidth: width,
  outputHeight: height,
});

const TEE_COLOURS = [
  { value: 'white', name: 'White', hex: '#ffffff', code: 'WHT' },
  { value: 'black', name: 'Black', hex: '#1c1c1c', code: 'BLK' },
  { value: 'heather', name: 'Heather grey', hex: '#9fa1a4', code: 'HTR' },
];
const TEE_SIZES = [
  { value: 'S', price: 14.5 },
  { value: 'M', price: 14.5 },
  { value: 'L', price: 14.5 },
  { value: 'XL', price: 16.5 },
];

function teeView(side: TeeSide): ProductViewAngle<string> {
  const print = TEE_PRINT_RECT[side];
  const location = side === 'north' ? 'front' : 'back';
  const margin = 50;
  return {
    handle: side,
    name: side === 'north' ? 'Front' : 'Back',
    ...TEE_VIEW,
    layers: [
      { type: 'image', imageId: 'tee-background' },
      { type: 'fill', maskImageId: `tee-${side}-body`, option: 'colour' },
      { type: 'image', imageId: `tee-${side}-shading`, blend: 'multiply' },
      {
        type: 'design',
        location,
        ...print,
        maskImageId: `tee-${side}-body`,
        overlayImageId: `tee-${side}-shading`,
      },
      { type: 'image', imageId: `tee-${side}-highlights`, blend: 'screen', opacity: 0.6 },
    ],
    cameras: [
      ortho(TEE_VIEW.width, TEE_VIEW.height),
      {
        // The print area with a margin, at twice its view size.
        handle: 'closeup',
        x: print.x - margin,
        y: print.y - margin,
        width: print.width + 2 * margin,
        height: print.height + 2 * margin,
        outputWidth: 2 * (print.width + 2 * margin),
        outputHeight: 2 * (print.height + 2 * margin),
      },
    ],
  };
}

function demoTee(): ProductDefinition<string> {
  const skus: ProductSku[] = combinations<string>([
    TEE_COLOURS.map((c) => c.value),
    TEE_SIZES.map((s) => s.value),
  ]).map(([colour, size]) => ({
    sku: `DEMO-TEE-${TEE_COLOURS.find((c) => c.value === colour)!.code}-${size}`,
    options: { colour, size },
    unitPrice: TEE_SIZES.find((s) => s.value === size)!.price,
  }));
  return {
    handle: 'demo-tee',
    name: 'Demo T-shirt',
    description: 'A cotton T-shirt printed on the front and the back.',
    options: [
      {
        handle: 'colour',
        name: 'Colour',
        values: TEE_COLOURS.map(({ value, name, hex }) => ({ value, name, hex })),
      },
      { handle: 'size', name: 'Size', values: TEE_SIZES.map(({ value }) => ({ value })) },
    ],
    skus,
    locations: ['front', 'back'].map((handle) => ({
      handle,
      name: handle === 'front' ? 'Front' : 'Back',
      printArea: { widthMm: 300, heightMm: 400 },
      dpi: 300,
      embellishment: 'print',
    })),
    viewAngles: [teeView('north'), teeView('south')],
    renderStates: [],
    renderStatePresets: [],
  };
}

const BOTTLE_COLOURS = [
  { value: 'steel', name: 'Brushed steel', hex: '#c7cacd' },
  { value: 'black', name: 'Matte black', hex: '#1f1f21' },
  { value: 'red', name: 'Red', hex: '#c62828' },
  { value: 'teal', name: 'Teal', hex: '#00897b' },
];

/** The wrap: 220 mm around (70 mm across), 90 mm tall. */
const WRAP = { widthMm: 220, heightMm: 90 };

/**
 * The bottle's views, by the angle the viewer has walked round it (clockwise seen from above),
 * and which loop drawing of the cap each shows.
 */
const BOTTLE_VIEWS: { handle: string; name: string; degrees: number; loop: LoopAngle }[] = [
  { handle: 'north', name: 'Front', degrees: 0, loop: 'front' },
  { handle: 'northeast', name: 'Front right', degrees: 45, loop: 'angle' },
  { handle: 'east', name: 'Right', degrees: 90, loop: 'side' },
  { handle: 'south', name: 'Back', degrees: 180, loop: 'front' },
  { handle: 'west', name: 'Left', degrees: 270, loop: 'side' },
];

/**
 * Design layers showing the part of the wrap that faces a view. Simplification: the wrap is laid
 * flat at the scale of the body's centre line (4 px/mm) instead of curving round the cylinder, so
 * a view shows the middle 70 mm of the 110 mm a real one would (the edges, foreshortened on a
 * real bottle, are cut off by the mask). The front view faces the wrap's middle (110 mm); walking
 * round by `degrees` moves along it by that share of 220 mm. Where the view straddles the wrap's
 * seam (the back), a second copy of the wrap shows its other end.
 */
function wrapLayers(degrees: number): DesignLayer<string>[] {
  const width = WRAP.widthMm * BOTTLE_PX_PER_MM;
  const facing = (WRAP.widthMm / 2 + (WRAP.widthMm * degrees) / 360) % WRAP.widthMm;
  const x = BOTTLE_BODY.centre - facing * BOTTLE_PX_PER_MM;
  return [x - width, x, x + width]
    .filter((left) => left < BOTTLE_BODY.right && left + width > BOTTLE_BODY.left)
    .map((left) => ({
      type: 'design',
      location: 'wrap',
      x: left,
      y: BOTTLE_WRAP_TOP,
      width,
      height: WRAP.heightMm * BOTTLE_PX_PER_MM,
      maskImageId: 'bottle-wrap-mask',
      overlayImageId: 'bottle-shading',
    }));
}

function bottleView({
  handle,
  name,
  degrees,
  loop,
}: (typeof BOTTLE_VIEWS)[number]): ProductViewAngle<string> {
  const layers: ProductLayer<string>[] = [
    { type: 'image', imageId: 'bottle-background', when: { background: 'white' } },
    { type: 'fill', maskImageId: 'bottle-body', option: 'colour' },
    { type: 'image', imageId: 'bottle-shading', blend: 'multiply' },
    ...wrapLayers(degrees),
    { type: 'image', imageId: 'bottle-highlights', blend: 'screen' },
    { type: 'image', imageId: `bottle-lid-closed-${loop}`, when: { lid: 'closed' } },
    { type: 'image', imageId: `bottle-lid-open-${loop}`, when: { lid: 'open' } },
  ];
  return {
    handle,
    name,
    ...BOTTLE_VIEW,
    layers,
    cameras: [
      ortho(BOTTLE_VIEW.width, BOTTLE_VIEW.height),
      // The wrap band on the body, at twice its view size.
      {
        handle: 'closeup',
        x: 220,
        y: 400,
        width: 360,
        height: 440,
        outputWidth: 720,
        outputHeight: 880,
      },
    ],
  };
}

function demoBottle(): ProductDefinition<string> {
  return {
    handle: 'demo-bottle',
    name: 'Demo water bottle',
    description: 'A 750 ml steel bottle with a screw cap, printed all round.',
    options: [{ handle: 'colour', name: 'Colour', values: BOTTLE_COLOURS }],
    skus: BOTTLE_COLOURS.map(({ value }) => ({
      sku: `DEMO-BOTTLE-${value.toUpperCase()}`,
      options: { colour: value },
      unitPrice: 24.9,
    })),
    locations: [
      { handle: 'wrap', name: 'Wrap', printArea: WRAP, dpi: 300, embellishment: 'print' },
    ],
    viewAngles: BOTTLE_VIEWS.map(bottleView),
    renderStates: [
      { handle: 'lid', values: ['open', 'closed'], default: 'closed' },
      { handle: 'background', values: ['white', 'transparent'], default: 'white' },
    ],
    renderStatePresets: [
      { handle: 'print-output', states: { background: 'transparent', lid: 'closed' } },
    ],
  };
}
