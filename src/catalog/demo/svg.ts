/**
 * Small helpers for the demo catalog's drawings: SVG documents the service writes itself (never a
 * caller's), rasterised by common/images. No `<text>`: it would be drawn from the host's fonts.
 */

/** An SVG document of `width` × `height` pixels (1 SVG unit = 1 pixel at rasterisation). */
export const svgDocument = (width: number, height: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** A Gaussian blur filter with id `id`. */
export const blurFilter = (id: string, deviation: number): string =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;

/** A horizontal linear gradient through `stops` (offset 0–1, colour, opacity). */
export const horizontalGradient = (
  id: string,
  stops: [offset: number, colour: string, opacity?: number][],
  { x1 = 0, x2 = 1 }: { x1?: number; x2?: number } = {},
): string =>
  `<linearGradient id="${id}" x1="${x1}" y1="0" x2="${x2}" y2="0">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join('')}</linearGradient>`;

/** The path mirrored about the vertical line x = `axis` (for symmetric shapes drawn by halves). */
export const mirrorX = (axis: number, body: string): string =>
  `<g transform="translate(${2 * axis} 0) scale(-1 1)">${body}</g>`;
