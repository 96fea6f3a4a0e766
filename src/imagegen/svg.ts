/**
 * SVG documents the generators write: every value in them is the service's own (numbers, path
 * data of font outlines, colours validated as #rrggbb), never a caller's text, so the documents
 * carry no markup, script or reference a caller chose. 1 SVG unit = 1 pixel of the PNG.
 */

/** A number with at most two decimals, without "-0". */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** A complete document of `width` × `height` pixels around `body` (user units = pixels). */
export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}">${body}</svg>\n`
  );
}

/** A box in SVG units (`x`, `y` its top-left corner). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The transform that scales `box` by `scale` and centres it on (`cx`, `cy`). */
export function centreOn(box: Box, cx: number, cy: number, scale: number): string {
  const dx = cx - scale * (box.x + box.width / 2);
  const dy = cy - scale * (box.y + box.height / 2);
  return `translate(${num(dx)} ${num(dy)}) scale(${num4(scale)})`;
}

/** A scale factor with four decimals (two would visibly misplace large outlines). */
export function num4(v: number): string {
  return String(Math.round(v * 10_000) / 10_000);
}
