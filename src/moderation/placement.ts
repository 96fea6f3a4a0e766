/**
 * Resolution arithmetic: the size artwork is placed at (millimetres) and the dots per inch its
 * pixels give there.
 */

export const MM_PER_INCH = 25.4;

/** A size in millimetres. */
export interface SizeMm {
  widthMm: number;
  heightMm: number;
}

/** Dots per inch of `pixels` spread over `mm` millimetres. */
export function dotsPerInch(pixels: number, mm: number): number {
  return pixels / (mm / MM_PER_INCH);
}

/**
 * The size artwork of `pixels` is placed at: both sides as given; one side given, the other
 * in the image's proportions; neither, the image fitted into `area` (the print area), if any.
 */
export function placementSize(
  pixels: { width: number; height: number },
  given: { width?: number; height?: number },
  area?: SizeMm,
): SizeMm | undefined {
  const ratio = pixels.height / pixels.width;
  if (given.width !== undefined && given.height !== undefined)
    return { widthMm: given.width, heightMm: given.height };
  if (given.width !== undefined) return { widthMm: given.width, heightMm: given.width * ratio };
  if (given.height !== undefined) return { widthMm: given.height / ratio, heightMm: given.height };
  if (!area) return undefined;
  const scale = Math.min(area.widthMm / pixels.width, area.heightMm / pixels.height);
  return { widthMm: pixels.width * scale, heightMm: pixels.height * scale };
}

/** The effective DPI of artwork placed at `size`: the lower of its two directions. */
export function effectiveDpi(pixels: { width: number; height: number }, size: SizeMm): number {
  return Math.min(
    dotsPerInch(pixels.width, size.widthMm),
    dotsPerInch(pixels.height, size.heightMm),
  );
}
