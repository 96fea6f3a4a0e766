import type { ProductDefinition, ProductLocation } from '../catalog';
import type { Design, ImageElement, LocationDesign } from './design';

/**
 * The cost model of print files, known from a design and its product before anything is decoded.
 *
 * A location's print files are drawn on one canvas: the PNG is the print area at the location's
 * DPI, the PDF page is the print area plus its bleed (the print settings'; {@link PRINT_BLEED_MM} by default) on every side. Image elements are
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

/** Bleed around the print area on every side of a print PDF, in mm, unless the settings say otherwise. */
export const PRINT_BLEED_MM = 3;

/** The bleed of a location's files when only the product is known (its override, else the default). */
const productBleed = (location: ProductLocation): number =>
  location.print?.bleedMm ?? PRINT_BLEED_MM;
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
export function printCanvasPixels(location: ProductLocation, bleedMm = PRINT_BLEED_MM): PixelSize {
  const { widthMm, heightMm } = location.printArea;
  const bleed = 2 * bleedMm;
  return { width: px(widthMm + bleed, location.dpi), height: px(heightMm + bleed, location.dpi) };
}

/** Whether a location's design draws anything (a blank location gets no print files). */
export function drawsSomething(design: LocationDesign | undefined): design is LocationDesign {
  return !!design && (design.background !== undefined || design.elements.length > 0);
}

/**
 * The pixels an image element is decoded to for the print page: the part of its box (at the
 * location's DPI) under the page, in the box's own (turned) pixels, as the print code clips it.
 */
export function drawnImagePixels(
  location: ProductLocation,
  element: ImageElement,
  bleedMm = PRINT_BLEED_MM,
): number {
  const pxPerMm = location.dpi / MM_PER_INCH;
  const page = printCanvasPixels(location, bleedMm);
  const w = Math.max(1, Math.round(element.width * pxPerMm));
  const h = Math.max(1, Math.round(element.height * pxPerMm));
  const cx = (bleedMm + element.x + element.width / 2) * pxPerMm;
  const cy = (bleedMm + element.y + element.height / 2) * pxPerMm;
  const radians = (-element.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  // The page's corners in the box's coordinates (turned back about the box centre).
  const corners = [
    [0, 0],
    [page.width, 0],
    [0, page.height],
    [page.width, page.height],
  ].map(([x, y]) => [
    w / 2 + (x - cx) * cos - (y - cy) * sin,
    h / 2 + (x - cx) * sin + (y - cy) * cos,
  ]);
  const span = (i: 0 | 1, size: number) =>
    Math.max(
      0,
      Math.min(size, Math.max(...corners.map((c) => c[i]))) -
        Math.max(0, Math.min(...corners.map((c) => c[i]))),
    );
  return Math.round(span(0, w) * span(1, h));
}

/** The ceilings of print files (PRINT_MAX_PIXELS, PRINT_MAX_IMAGE_PIXELS). */
export interface PrintCeilings {
  /** Pixels of one location's canvas. */
  maxPixels: number;
  /** Pixels of the images one location draws (the parts on the page, summed). */
  maxImagePixels: number;
}

const grouped = (n: number): string => n.toLocaleString('en-US');

/**
 * Why the print files of a design would cost more than the ceilings: one sentence per designed
 * location and ceiling exceeded, naming the location, its cost and the ceiling. Empty when they fit.
 * `bleedMm` gives each location's bleed (from the print settings, once they are known).
 */
export function printCostProblems(
  design: Design,
  product: ProductDefinition,
  ceilings: PrintCeilings,
  path = 'design',
  bleedMm: (location: ProductLocation) => number = productBleed,
): string[] {
  const problems: string[] = [];
  for (const location of product.locations) {
    const drawn = design[location.handle];
    if (!drawsSomething(drawn)) continue;
    const at = `${path}.${location.handle}: location ${location.handle}`;
    const bleed = bleedMm(location);
    const { width, height } = printCanvasPixels(location, bleed);
    if (width * height > ceilings.maxPixels) {
      const { widthMm, heightMm } = location.printArea;
      problems.push(
        `${at} prints ${width} × ${height} px ` +
          `(${widthMm} × ${heightMm} mm plus ${bleed} mm bleed at ${location.dpi} dpi), ` +
          `${grouped(width * height)} pixels; print files are limited to ` +
          `${grouped(ceilings.maxPixels)} pixels per location (PRINT_MAX_PIXELS).`,
      );
      continue;
    }
    let images = 0;
    for (const e of drawn.elements)
      if (e.type === 'image') images += drawnImagePixels(location, e, bleed);
    if (images > ceilings.maxImagePixels)
      problems.push(
        `${at} draws ${grouped(images)} pixels of images at ${location.dpi} dpi (the parts on ` +
          `the page, summed); a location's images are limited to ` +
          `${grouped(ceilings.maxImagePixels)} pixels (PRINT_MAX_IMAGE_PIXELS).`,
      );
  }
  return problems;
}

/** Bytes of a print PDF besides its images (ICC profile, outlines, structure), at most. */
const PDF_OVERHEAD_BYTES = 4 * 1024 * 1024;

/** Bytes one location's print files may allocate: while it is made, and what it leaves. */
export interface LocationPrintBytes {
  /** The peak while its PNG or PDF is drawn (the larger of the two). */
  making: number;
  /** The PNG, at most (RGBA that did not compress at all). */
  png: number;
  /** The PDF, at most (every image's planes undeflated, plus its overhead). */
  pdf: number;
}

/**
 * What one location's print files allocate at most, from the design and the product alone: the
 * PNG's canvas ({@link PRINT_BYTES_PER_PIXEL} per pixel, 28 when an element is turned by a non-right
 * angle); the PDF's largest decoded image (RGBA, 4 bytes per pixel) with its colour and alpha
 * planes (5) beside the planes of every image already drawn (5 per pixel, undeflated at worst)
 * and, while pdf-lib writes it, the written copy (the PDF again); the files it leaves.
 */
export function locationPrintBytes(
  location: ProductLocation,
  design: LocationDesign,
  bleedMm: number,
): LocationPrintBytes {
  const canvas = printCanvasPixels(location, bleedMm);
  const turned = design.elements.some((e) => e.rotation % 90 !== 0);
  const raster = canvas.width * canvas.height * (turned ? 28 : PRINT_BYTES_PER_PIXEL);
  const images = design.elements.flatMap((e) =>
    e.type === 'image' ? [drawnImagePixels(location, e, bleedMm)] : [],
  );
  const pdf = 5 * images.reduce((sum, n) => sum + n, 0) + PDF_OVERHEAD_BYTES;
  const largest = Math.max(0, ...images);
  const pixels = printPixels(location);
  return {
    making: Math.max(raster, 9 * largest + 2 * pdf),
    png: 4 * pixels.width * pixels.height,
    pdf,
  };
}

/**
 * The bytes a print job allocates at most (the weight of a job in PRINT_MEMORY_BUDGET_MB): the
 * locations are made one after another, each at its peak beside the files of those made before;
 * then the files are packed (hashed, zipped) in a worker thread, which holds a copy of each PNG
 * and the ZIP (at most the files' size) beside them. The larger of the two.
 */
export function printJobBytes(
  design: Design,
  product: ProductDefinition,
  bleedMm: (location: ProductLocation) => number = productBleed,
): number {
  let made = 0;
  let peak = 0;
  let pngs = 0;
  for (const location of product.locations) {
    const drawn = design[location.handle];
    if (!drawsSomething(drawn)) continue;
    const bytes = locationPrintBytes(location, drawn, bleedMm(location));
    peak = Math.max(peak, made + bytes.making);
    made += bytes.png + bytes.pdf;
    pngs += bytes.png;
  }
  return Math.max(peak, 2 * made + pngs);
}
