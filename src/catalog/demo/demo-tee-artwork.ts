import { blurFilter, horizontalGradient, mirrorX, svgDocument } from './svg';

/**
 * The demo T-shirt, drawn flat-lay at 1000 × 1200 pixels: `north` shows the front, `south` the
 * back. Each side has a body mask (white silhouette, tinted by the colour option), a shading
 * image (greys multiplied over the colour: folds, seams, the inside of the collar) and a
 * highlights image (light folds screened over dark colours). Both sides share a background.
 */

export const TEE_VIEW = { width: 1000, height: 1200 } as const;

/** Where the front and back print areas (300 × 400 mm) sit, in view pixels (3:4). */
export const TEE_PRINT_RECT = {
  north: { x: 343, y: 290, width: 315, height: 420 },
  south: { x: 343, y: 250, width: 315, height: 420 },
} as const;

export type TeeSide = keyof typeof TEE_PRINT_RECT;

const { width: W, height: H } = TEE_VIEW;

/** Top edge between the shoulders: the back collar seen through the neck (front), or the back neckline. */
const NECK_TOP: Record<TeeSide, string> = {
  north: 'M405 180 C440 162 560 162 595 180',
  south: 'M405 180 C440 200 560 200 595 180',
};

/** The silhouette: neck, shoulders, sleeves, body, hem. */
const silhouette = (side: TeeSide): string =>
  `${NECK_TOP[side]} L770 225 L935 455 L830 515 L775 420 C778 630 780 830 778 1050 ` +
  `Q500 1068 222 1050 C220 830 222 630 225 420 L170 515 L65 455 L230 225 Z`;

/** The front neckline's outer and inner edges of the rib collar (front view). */
const FRONT_COLLAR_OUTER = 'M405 180 C425 268 575 268 595 180';

const body = (side: TeeSide): string =>
  svgDocument(W, H, `<path d="${silhouette(side)}" fill="#ffffff" stroke-linejoin="round"/>`);

/** Soft creases as blurred strokes, one list per side (the left half; mirrored for the right). */
const FOLDS: Record<TeeSide, string[]> = {
  north: [
    'M240 470 C300 520 340 580 370 660',
    'M235 760 C290 820 320 900 330 980',
    'M120 380 C160 410 190 440 215 460',
  ],
  south: [
    'M245 450 C295 510 335 580 360 670',
    'M238 800 C285 860 310 930 318 1000',
    'M120 380 C160 410 190 440 215 460',
  ],
};

const SEAMS =
  // Armhole seam, from the shoulder point to the underarm; sleeve hem and body hem stitching.
  '<path d="M285 211 C300 290 290 370 225 420" stroke="#9a9a9a" stroke-width="2.5" fill="none"/>' +
  '<path d="M74 439 L179 499" stroke="#8e8e8e" stroke-width="2" stroke-dasharray="7 5" fill="none"/>' +
  '<path d="M230 225 L405 180" stroke="#b4b4b4" stroke-width="2" fill="none"/>';

const HEM =
  '<path d="M224 1024 Q500 1042 776 1024" stroke="#8e8e8e" stroke-width="2" stroke-dasharray="7 5" fill="none"/>';

function shading(side: TeeSide): string {
  const folds = FOLDS[side]
    .map((d) => `<path d="${d}" stroke="#000" stroke-opacity="0.1" stroke-width="30" fill="none"/>`)
    .join('');
  const collar =
    side === 'north'
      ? // The inside of the back, seen through the neck, then the rib collar with its stitching.
        `<path d="${NECK_TOP.north} C575 268 425 268 405 180 Z" fill="#6f6f6f"/>` +
        `<path d="${FRONT_COLLAR_OUTER} L577 186 C557 244 443 244 423 186 Z" fill="#e4e4e4"/>` +
        `<path d="M418 192 C438 258 562 258 582 192" stroke="#9a9a9a" stroke-width="1.5" stroke-dasharray="5 4" fill="none"/>`
      : `<path d="${NECK_TOP.south} L591 192 C556 214 444 214 409 192 Z" fill="#e2e2e2"/>` +
        `<path d="M409 198 C444 220 556 220 591 198" stroke="#9a9a9a" stroke-width="1.5" stroke-dasharray="5 4" fill="none"/>`;
  return svgDocument(
    W,
    H,
    `<defs><clipPath id="shirt"><path d="${silhouette(side)}"/></clipPath>${blurFilter('soft', 14)}${blurFilter('edge', 14)}` +
      horizontalGradient('sides', [
        [0, '#000', 0.16],
        [0.15, '#000', 0.05],
        [0.5, '#000', 0],
        [0.85, '#000', 0.05],
        [1, '#000', 0.16],
      ]) +
      `</defs><g clip-path="url(#shirt)"><rect width="${W}" height="${H}" fill="#ffffff"/>` +
      `<rect x="222" y="0" width="556" height="${H}" fill="url(#sides)"/>` +
      `<g filter="url(#soft)">${folds}${mirrorX(500, folds)}</g>` +
      `<path d="${silhouette(side)}" stroke="#000" stroke-opacity="0.22" stroke-width="26" fill="none" filter="url(#edge)"/>` +
      `${SEAMS}${mirrorX(500, SEAMS)}${HEM}${collar}</g>`,
  );
}

function highlights(side: TeeSide): string {
  const ridges = FOLDS[side]
    .map(
      (d) =>
        `<path d="${d}" transform="translate(-14 -10)" stroke="#505050" stroke-width="18" fill="none"/>`,
    )
    .join('');
  return svgDocument(
    W,
    H,
    `<defs><clipPath id="shirt"><path d="${silhouette(side)}"/></clipPath>${blurFilter('soft', 14)}</defs>` +
      `<g clip-path="url(#shirt)"><rect width="${W}" height="${H}" fill="#000000"/>` +
      `<g filter="url(#soft)">${ridges}${mirrorX(500, ridges)}</g></g>`,
  );
}

/** A light studio backdrop with the shirt's soft drop shadow (shared by both sides). */
const background = (): string =>
  svgDocument(
    W,
    H,
    `<defs>${blurFilter('shadow', 16)}<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#f6f6f4"/><stop offset="1" stop-color="#e7e7e4"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      `<path d="${silhouette('south')}" transform="translate(10 16)" fill="#000" fill-opacity="0.22" filter="url(#shadow)"/>`,
  );

/** Every tee image as SVG, by name. */
export function teeDrawings(): Record<string, string> {
  return {
    'tee-background': background(),
    'tee-north-body': body('north'),
    'tee-north-shading': shading('north'),
    'tee-north-highlights': highlights('north'),
    'tee-south-body': body('south'),
    'tee-south-shading': shading('south'),
    'tee-south-highlights': highlights('south'),
  };
}
