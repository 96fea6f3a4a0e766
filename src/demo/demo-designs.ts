import type { ProductDefinition, ProductLocation } from '../catalog';

const POINT_MM = 25.4 / 72;
/** The font of demo texts (a bundled font, see GET /api/fonts). */
export const DEMO_FONT = 'roboto-bold';

const text = (location: ProductLocation, words: string) => {
  const { widthMm, heightMm } = location.printArea;
  return {
    type: 'text',
    text: words,
    font: DEMO_FONT,
    size: Math.max(6, Math.min(200, Math.round(Math.min(widthMm, heightMm) / 6 / POINT_MM))),
    colour: '#d62828',
    x: widthMm / 2,
    y: heightMm * 0.22,
    align: 'center',
  };
};

const image = (location: ProductLocation, uploadedAssetId: number) => {
  const { widthMm, heightMm } = location.printArea;
  const side = Math.round(Math.min(widthMm, heightMm) * 0.6 * 10) / 10;
  return {
    type: 'image',
    uploadedAssetId,
    x: (widthMm - side) / 2,
    // Below the centre (the text is above it), inside the print area.
    y: Math.min(heightMm - side, (heightMm - side) / 2 + heightMm * 0.1),
    width: side,
    height: side,
  };
};

/**
 * The design of the n-th demo recipe set on `product`: text on `front` and the demo image on
 * `back` when the product has both (the demo tee), else both on its first location (the bottle's
 * `wrap`, or any other product).
 */
export function demoDesign(product: ProductDefinition, n: number, artworkId: number) {
  const byHandle = new Map(product.locations.map((l) => [l.handle, l]));
  const front = byHandle.get('front');
  const back = byHandle.get('back');
  const words = `Demo ${n}`;
  if (front && back)
    return {
      front: { elements: [text(front, words)] },
      back: { elements: [image(back, artworkId)] },
    };
  const first = product.locations[0];
  return { [first.handle]: { elements: [image(first, artworkId), text(first, words)] } };
}
