import type { PixelRect } from '../common/images/compose';

/**
 * Placing a rotated box of pixels on a canvas. Only the part of a box that can show is ever
 * rasterised, so a box far larger than the canvas (a zoomed-in image, a design layer wider than
 * the view) costs no more than the canvas.
 */

/** A `width` × `height` pixel box whose centre is at (`cx`, `cy`) on the canvas, turned `rotation` degrees clockwise about it. */
export interface RotatedBox {
  width: number;
  height: number;
  cx: number;
  cy: number;
  rotation: number;
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/**
 * The whole-pixel part of the box (in the box's own pixels) that can fall on a
 * `canvasWidth` × `canvasHeight` canvas, one pixel wider on each side for interpolation; null
 * when the box misses the canvas.
 */
export function visibleRegion(
  box: RotatedBox,
  canvasWidth: number,
  canvasHeight: number,
): PixelRect | null {
  const cos = Math.cos(radians(-box.rotation));
  const sin = Math.sin(radians(-box.rotation));
  // Canvas corners in box coordinates (inverse rotation about the box centre).
  const corners = [
    [0, 0],
    [canvasWidth, 0],
    [0, canvasHeight],
    [canvasWidth, canvasHeight],
  ].map(([x, y]) => {
    const [dx, dy] = [x - box.cx, y - box.cy];
    return [box.width / 2 + dx * cos - dy * sin, box.height / 2 + dx * sin + dy * cos];
  });
  const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))) - 1);
  const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))) - 1);
  const right = Math.min(box.width, Math.ceil(Math.max(...corners.map((c) => c[0]))) + 1);
  const bottom = Math.min(box.height, Math.ceil(Math.max(...corners.map((c) => c[1]))) + 1);
  if (right <= left || bottom <= top) return null;
  // A rotated box's corners may miss the canvas although its bounding box meets it: kept
  // (rasterising a little that then falls outside costs little and changes nothing).
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Where to put the top-left corner of `region` of the box once rotated with it, given the size
 * of the rotated region (its bounding box, centred on the region's centre).
 */
export function placeRegion(
  box: RotatedBox,
  region: PixelRect,
  rotated: { width: number; height: number },
): { left: number; top: number } {
  const cos = Math.cos(radians(box.rotation));
  const sin = Math.sin(radians(box.rotation));
  const dx = region.left + region.width / 2 - box.width / 2;
  const dy = region.top + region.height / 2 - box.height / 2;
  const x = box.cx + dx * cos - dy * sin;
  const y = box.cy + dx * sin + dy * cos;
  return { left: Math.round(x - rotated.width / 2), top: Math.round(y - rotated.height / 2) };
}
