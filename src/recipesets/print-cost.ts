import type { ProductDefinition, ProductLocation } from '../catalog';
import type { Design, LocationDesign } from './design';

/**
 * The cost model of print files, known from a design and its product before anything is decoded.
 *
 * A location's print files are drawn on one canvas: the PNG is the print area at the location's
 * DPI, the PDF page is the print area plus {@link PRINT_BLEED_MM} on every side. Image elements are
 * clipped to that canvas before they are decoded and decoded at most at the size they are drawn,
 * one after another, so a job's memory follows from the canvas alone:
 *
 *   peak ≈ 4 bytes × canvas pixels × (canvas + next canvas while compositing + one clipped element)
 *        ≈ 12 bytes × canvas pixels.
 *
 * An element turned by a non-right angle costs more while libvips turns it: its clipped part is
 * up to twice the canvas and the turned result up to four times (then clipped again), so up to
 * ~28 bytes × canvas pixels. With the default ceiling of 20,000,000 pixels (PRINT_MAX_PIXELS) that
 * is ~240 MB for one job (~560 MB with a huge turned element); the largest demo location (300 ×
 * 400 mm at 300 dpi, 3614 × 4795 px with bleed = 17.3 Mpx) fits. Measured on that location with
 * twenty 400 × 400 mm images: the PNG +300 MB over the process's idle RSS (+575 MB all turned 45°),
 * the PDF +240 MB (+320 MB turned). The ceiling is checked when a design is saved (400) and again before print files are
 * queued or made (designs saved before the rule).
 */

/** Bleed around the print area on every side of a print PDF, in mm. */
export const PRINT_BLEED_MM = 3;
const MM_PER_INCH = 25.4;

/** Bytes per canvas pixel (raw RGBA) at the peak of a job, unrotated elements (see above). */
export const PRINT_BYTES_PER_PIXEL = 12;

export interface PixelSize {
  width: number;
  height: number;
}

const px = (mm: number, dpi: number): number => Math.max(1, Math.round((mm / MM_PER_INCH) * dpi));

/** The pixel size of a location's print area at its DPI (the print PNG). */
export function printPixels(location: ProductLocation): PixelSize {
  const { widthMm, heightMm } = location.printArea;
  return { width: px(widthMm, location.dpi), height: px(heightMm, location.dpi) };
}

/** The pixel size of a location's print page (print area plus bleed) at its DPI: its canvas. */
export function printCanvasPixels(location: ProductLocation): PixelSize {
  const { widthMm, heightMm } = location.printArea;
  const bleed = 2 * PRINT_BLEED_MM;
  return { width: px(widthMm + bleed, location.dpi), height: px(heightMm + bleed, location.dpi) };
}

/** Whether a location's design draws anything (a blank location gets no print files). */
export function drawsSomething(design: LocationDesign | undefined): design is LocationDesign {
  return !!design && (design.background !== undefined || design.elements.length > 0);
}

const grouped = (n: number): string => n.toLocaleString('en-US');

/**
 * Why the print files of a design would cost more than `maxPixels` per canvas: one sentence per
 * designed location over the ceiling, naming it, its size and the ceiling. Empty when they fit.
 */
export function printCostProblems(
  design: Design,
  product: ProductDefinition,
  maxPixels: number,
  path = 'design',
): string[] {
  const problems: string[] = [];
  for (const location of product.locations) {
    if (!drawsSomething(design[location.handle])) continue;
    const { width, height } = printCanvasPixels(location);
    if (width * height <= maxPixels) continue;
    const { widthMm, heightMm } = location.printArea;
    problems.push(
      `${path}.${location.handle}: location ${location.handle} prints ${width} × ${height} px ` +
        `(${widthMm} × ${heightMm} mm plus ${PRINT_BLEED_MM} mm bleed at ${location.dpi} dpi), ` +
        `${grouped(width * height)} pixels; print files are limited to ${grouped(maxPixels)} ` +
        `pixels per location (PRINT_MAX_PIXELS).`,
    );
  }
  return problems;
}
