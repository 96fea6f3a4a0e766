import { cachedRaster, fillDemoImageCache } from './demo-image-cache';
import { bottleDrawings } from './demo-bottle-artwork';
import { teeDrawings } from './demo-tee-artwork';
import { svgDocument } from './svg';

/**
 * The demo catalog's pictures, drawn as SVG by code and rasterised to PNG (nothing binary in the
 * repository). Deterministic: the same code and libraries give the same bytes.
 */

export const DEMO_ARTWORK_SIZE = { width: 600, height: 600 } as const;

/** A colourful badge (sunset over mountains and waves) on transparency: a customer's logo. */
function logoSvg(): string {
  const { width, height } = DEMO_ARTWORK_SIZE;
  const rays = Array.from({ length: 12 }, (_, i) => i * 30)
    .map(
      (a) =>
        `<path d="M300 250 L292 110 L308 110 Z" transform="rotate(${a} 300 250)" fill="#ffe082" fill-opacity="0.55"/>`,
    )
    .join('');
  const stars = [
    [140, 150],
    [450, 130],
    [500, 230],
  ]
    .map(
      ([x, y]) =>
        `<path d="M${x} ${y - 12} L${x + 4} ${y - 4} L${x + 12} ${y} L${x + 4} ${y + 4} L${x} ${y + 12} L${x - 4} ${y + 4} L${x - 12} ${y} L${x - 4} ${y - 4} Z" fill="#ffffff"/>`,
    )
    .join('');
  return svgDocument(
    width,
    height,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">' +
      '<stop offset="0" stop-color="#5e35b1"/><stop offset="0.45" stop-color="#e91e63"/><stop offset="0.8" stop-color="#ff9800"/></linearGradient>' +
      '<radialGradient id="sun" cx="0.5" cy="0.45" r="0.55"><stop offset="0" stop-color="#fff59d"/><stop offset="1" stop-color="#ffb300"/></radialGradient>' +
      '<clipPath id="disc"><circle cx="300" cy="300" r="250"/></clipPath></defs>' +
      '<circle cx="300" cy="300" r="290" fill="#1a237e"/><circle cx="300" cy="300" r="272" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="22 12"/>' +
      `<g clip-path="url(#disc)"><rect width="${width}" height="${height}" fill="url(#sky)"/>${rays}${stars}` +
      '<circle cx="300" cy="250" r="92" fill="url(#sun)"/>' +
      '<path d="M20 420 L170 260 L250 340 L340 220 L470 380 L520 330 L600 420 L600 600 L0 600 Z" fill="#00695c"/>' +
      '<path d="M170 260 L205 297 L185 292 L170 310 L150 282 Z M340 220 L385 275 L360 268 L340 290 L318 262 Z" fill="#e0f2f1"/>' +
      '<path d="M0 440 Q75 410 150 440 T300 440 T450 440 T600 440 L600 600 L0 600 Z" fill="#0288d1"/>' +
      '<path d="M0 490 Q75 460 150 490 T300 490 T450 490 T600 490 L600 600 L0 600 Z" fill="#01579b"/>' +
      '<path d="M40 470 Q110 448 180 470 M320 470 Q390 448 460 470" stroke="#b3e5fc" stroke-width="6" fill="none" stroke-linecap="round"/></g>' +
      '<circle cx="300" cy="300" r="250" fill="none" stroke="#ffca28" stroke-width="10"/>',
  );
}

/** The demo image customers' designs use (tee backs, the bottle wrap): a 600 × 600 PNG with transparency. */
export function demoArtwork(): Promise<Buffer> {
  return cachedRaster(logoSvg());
}

/** Every image the demo products' layers name, as PNG by name (from the cache, else drawn). */
export async function drawDemoImages(): Promise<Record<string, Buffer>> {
  const drawings = { ...teeDrawings(), ...bottleDrawings() };
  const images: Record<string, Buffer> = {};
  // One at a time: each is a megapixel of libvips work, and this is not worth the thread pool.
  for (const [name, svg] of Object.entries(drawings)) images[name] = await cachedRaster(svg);
  return images;
}

/** Rasterises every demo picture into the cache a first start reads (see demo-image-cache.ts). */
export function cacheDemoImages(): Promise<number> {
  return fillDemoImageCache([
    logoSvg(),
    ...Object.values({ ...teeDrawings(), ...bottleDrawings() }),
  ]);
}
