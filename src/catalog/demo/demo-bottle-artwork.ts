import { blurFilter, horizontalGradient, svgDocument } from './svg';

/**
 * The demo water bottle at 800 × 1000 pixels, the same from every side (it is round): a body
 * mask (tinted by the colour option), cylindrical shading (multiplied), highlights (screened),
 * the area the wrap print may cover, a white backdrop, and the cap: screwed on (lid closed) or
 * standing beside the bottle with the open mouth showing (lid open). The cap's carrying loop is
 * seen face-on from the front and back, edge-on from the sides, and at an angle from northeast.
 */

export const BOTTLE_VIEW = { width: 800, height: 1000 } as const;

/** Body diameter 70 mm = 280 px: 4 px per millimetre, the scale of the wrap at the view's centre. */
export const BOTTLE_PX_PER_MM = 4;
export const BOTTLE_BODY = { left: 260, right: 540, centre: 400 } as const;
/** Top of the wrap band (90 mm = 360 px tall) on the straight part of the body. */
export const BOTTLE_WRAP_TOP = 440;

export type LoopAngle = 'front' | 'side' | 'angle';

const { width: W, height: H } = BOTTLE_VIEW;

const BODY =
  'M330 150 L470 150 L470 240 C470 262 540 282 540 330 L540 905 Q540 935 510 935 ' +
  'L290 935 Q260 935 260 905 L260 330 C260 282 330 262 330 240 Z';

const body = (): string => svgDocument(W, H, `<path d="${BODY}" fill="#ffffff"/>`);

/** Where a wrap print can show: the straight part of the body. */
const wrapMask = (): string =>
  svgDocument(W, H, `<rect x="260" y="332" width="280" height="570" fill="#ffffff"/>`);

const CYLINDER = horizontalGradient('cylinder', [
  [0, '#6a6a6a'],
  [0.08, '#b2b2b2'],
  [0.3, '#f4f4f4'],
  [0.45, '#ffffff'],
  [0.75, '#dcdcdc'],
  [0.92, '#a4a4a4'],
  [1, '#666666'],
]);

/** Round shading across the body, darker shoulders and neck, and the base's bevel. */
const shading = (): string =>
  svgDocument(
    W,
    H,
    `<defs>${CYLINDER}<clipPath id="b"><path d="${BODY}"/></clipPath>${blurFilter('s', 8)}</defs>` +
      `<g clip-path="url(#b)"><rect x="260" y="150" width="280" height="790" fill="url(#cylinder)"/>` +
      `<path d="M260 300 C300 270 500 270 540 300" stroke="#000" stroke-opacity="0.18" stroke-width="24" fill="none" filter="url(#s)"/>` +
      `<rect x="330" y="150" width="140" height="95" fill="#000" fill-opacity="0.12"/>` +
      `<path d="M262 898 L538 898" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>` +
      `<rect x="260" y="915" width="280" height="25" fill="#000" fill-opacity="0.2" filter="url(#s)"/></g>`,
  );

/** Glossy streaks, screened over the colour (black = no change). */
const highlights = (): string =>
  svgDocument(
    W,
    H,
    `<defs><clipPath id="b"><path d="${BODY}"/></clipPath>${blurFilter('g', 6)}</defs>` +
      `<g clip-path="url(#b)"><rect width="${W}" height="${H}" fill="#000000"/><g filter="url(#g)">` +
      `<rect x="306" y="345" width="20" height="540" rx="10" fill="#d8d8d8"/>` +
      `<rect x="486" y="360" width="8" height="510" rx="4" fill="#7a7a7a"/>` +
      `<path d="M300 290 C330 272 360 266 390 264" stroke="#bdbdbd" stroke-width="8" fill="none"/>` +
      `<rect x="352" y="165" width="10" height="70" rx="5" fill="#9a9a9a"/></g></g>`,
  );

/** The cap (x 318–482, y 95–225) with its loop above, at (dx, dy). */
function cap(loop: LoopAngle, dx = 0, dy = 0): string {
  const loops: Record<LoopAngle, string> = {
    front:
      '<ellipse cx="400" cy="66" rx="40" ry="32" stroke="url(#capSide)" stroke-width="15" fill="none"/>',
    side: '<rect x="392" y="30" width="16" height="72" rx="8" fill="url(#capSide)"/>',
    angle:
      '<ellipse cx="400" cy="66" rx="22" ry="33" stroke="url(#capSide)" stroke-width="14" fill="none"/>',
  };
  const ridges = Array.from({ length: 13 }, (_, i) => 330 + i * 11.7)
    .map(
      (x) =>
        `<line x1="${x.toFixed(1)}" y1="112" x2="${x.toFixed(1)}" y2="214" stroke="#000" stroke-opacity="0.28" stroke-width="3"/>`,
    )
    .join('');
  return (
    `<g transform="translate(${dx} ${dy})">${loops[loop]}` +
    `<rect x="318" y="95" width="164" height="130" rx="14" fill="url(#capSide)"/>${ridges}` +
    `<ellipse cx="400" cy="97" rx="80" ry="9" fill="#5c5c5c"/></g>`
  );
}

const CAP_DEFS = horizontalGradient('capSide', [
  [0, '#161616'],
  [0.25, '#4a4a4a'],
  [0.4, '#5a5a5a'],
  [0.7, '#2c2c2c'],
  [1, '#111111'],
]);

/** The cap screwed on, with its soft shadow on the neck. */
const lidClosed = (loop: LoopAngle): string =>
  svgDocument(
    W,
    H,
    `<defs>${CAP_DEFS}${blurFilter('sh', 4)}</defs>` +
      `<rect x="330" y="222" width="140" height="14" fill="#000" fill-opacity="0.35" filter="url(#sh)"/>${cap(loop)}`,
  );

/** The open mouth and threads on the neck, and the cap standing on the floor beside the bottle. */
const lidOpen = (loop: LoopAngle): string =>
  svgDocument(
    W,
    H,
    `<defs>${CAP_DEFS}${blurFilter('sh', 6)}</defs>` +
      `<ellipse cx="400" cy="150" rx="70" ry="12" fill="#6e6e6e"/><ellipse cx="400" cy="151" rx="57" ry="8" fill="#141414"/>` +
      [172, 192, 212]
        .map(
          (y) =>
            `<path d="M331 ${y + 6} Q400 ${y - 6} 469 ${y}" stroke="#000" stroke-opacity="0.3" stroke-width="4" fill="none"/>` +
            `<path d="M331 ${y + 3} Q400 ${y - 9} 469 ${y - 3}" stroke="#fff" stroke-opacity="0.35" stroke-width="2" fill="none"/>`,
        )
        .join('') +
      `<ellipse cx="680" cy="936" rx="96" ry="10" fill="#000" fill-opacity="0.3" filter="url(#sh)"/>` +
      cap(loop, 280, 710),
  );

/** White backdrop with the bottle's soft contact shadow. */
const background = (): string =>
  svgDocument(
    W,
    H,
    `<defs>${blurFilter('sh', 10)}</defs><rect width="${W}" height="${H}" fill="#ffffff"/>` +
      `<ellipse cx="400" cy="936" rx="170" ry="16" fill="#000" fill-opacity="0.22" filter="url(#sh)"/>`,
  );

/** Every bottle image as SVG, by name. */
export function bottleDrawings(): Record<string, string> {
  const drawings: Record<string, string> = {
    'bottle-background': background(),
    'bottle-body': body(),
    'bottle-shading': shading(),
    'bottle-highlights': highlights(),
    'bottle-wrap-mask': wrapMask(),
  };
  for (const loop of ['front', 'side', 'angle'] as const) {
    drawings[`bottle-lid-closed-${loop}`] = lidClosed(loop);
    drawings[`bottle-lid-open-${loop}`] = lidOpen(loop);
  }
  return drawings;
}
