import type { PrintSettings, ProductLocation } from '../catalog';
import { encodePng, imageSize, type PixelRect } from '../common/images/compose';
import { PT_PER_MM } from '../common/pdf/pdf-document';
import { DesignSources, rasterizeDesign, visibleRegion } from '../render';
import { ImageElement, LocationDesign, printCanvasPixels, printPixels } from '../recipe-sets';
import { drawPrintPdf, type PrintPdfItem, type PrintPdfPlan } from './print-pdf';

export { printPixels };
const MM_PER_INCH = 25.4;

/**
 * The print PNG of a location: its print area at the location's DPI (written into the file),
 * transparent where nothing is printed. Null when the design draws nothing.
 */
export async function printPng(
  location: ProductLocation,
  design: LocationDesign,
  sources: DesignSources,
): Promise<Buffer | null> {
  const raster = await rasterizeDesign(location, design, printPixels(location), sources);
  return raster && encodePng(raster, undefined, { dpi: location.dpi });
}

/**
 * The print-ready PDF of a location, made as `settings` say (see {@link printPdfPlan}), drawn in
 * this thread: for tests and small documents; print jobs draw the plan in a worker thread
 * (print-files.task.ts).
 */
export async function printPdf(
  location: ProductLocation,
  design: LocationDesign,
  sources: DesignSources,
  meta: { title: string },
  settings: Pick<PrintSettings, 'pdfStandard' | 'iccProfile' | 'bleedMm'>,
): Promise<Buffer> {
  const bytes = await drawPrintPdf(await printPdfPlan(location, design, sources, meta, settings));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The plan of a location's print-ready PDF, made as `settings` say: a PDF/X-4 file (or a plain
 * PDF) in the colour space of its ICC profile (RGB tagged with sRGB; CMYK converted through a CMYK
 * profile by libvips: images, text and background); one page of the print area plus the bleed on
 * every side (TrimBox = print area, BleedBox = page); the background colour fills the bleed too;
 * text as vector outlines of the bundled fonts; images resampled to the location's DPI over their
 * box, only the part of each that falls on the page (see clippedImage), decoded one at a time when
 * drawn. Holds the encoded bytes of each image once (nothing is decoded here).
 */
export async function printPdfPlan(
  location: ProductLocation,
  design: LocationDesign,
  sources: DesignSources,
  meta: { title: string },
  settings: Pick<PrintSettings, 'pdfStandard' | 'iccProfile' | 'bleedMm'>,
): Promise<PrintPdfPlan> {
  const { widthMm, heightMm } = location.printArea;
  const bleedMm = settings.bleedMm;
  const bleed = bleedMm * PT_PER_MM;
  const trim = { x: bleed, y: bleed, width: widthMm * PT_PER_MM, height: heightMm * PT_PER_MM };
  const at = (xMm: number, yMm: number) => ({
    x: bleed + xMm * PT_PER_MM,
    y: bleed + yMm * PT_PER_MM,
  });
  const items: PrintPdfItem[] = [];
  const assets: Buffer[] = [];
  const assetIndex = new Map<number, number>();
  for (const element of design.elements) {
    if (element.type === 'text') {
      // Outlines in points (scale 1), origin at the anchor on the first baseline.
      const outline = await sources.outline({
        font: element.font,
        text: element.text,
        size: element.size,
        scale: 1,
        align: element.align,
      });
      if (outline.d === '') continue;
      items.push({
        kind: 'path',
        d: outline.d,
        colour: element.colour,
        ...at(element.x, element.y),
        rotation: element.rotation,
      });
      continue;
    }
    const part = clippedImage(location, element, bleedMm);
    if (!part) continue;
    let asset = assetIndex.get(element.uploadedAssetId);
    if (asset === undefined) {
      asset = assets.push(await sources.uploadedAsset(element.uploadedAssetId)) - 1;
      assetIndex.set(element.uploadedAssetId, asset);
    }
    items.push({
      kind: 'image',
      asset,
      box: part.box,
      part: part.whole ? null : part.visible,
      size: part.size,
      ...at(part.centre.x, part.centre.y),
      rotation: element.rotation,
    });
  }
  return {
    title: meta.title,
    subject: `${location.name ?? location.handle}: ${widthMm} × ${heightMm} mm, ${location.dpi} dpi, ${location.embellishment}`,
    settings: { pdfStandard: settings.pdfStandard, iccProfile: settings.iccProfile },
    page: { width: trim.width + 2 * bleed, height: trim.height + 2 * bleed },
    trim,
    ...(design.background ? { background: design.background } : {}),
    colours: [
      ...(design.background ? [design.background] : []),
      ...design.elements.flatMap((e) => (e.type === 'text' ? [e.colour] : [])),
    ],
    items,
    assets,
    limitInputPixels: sources.limitInputPixels,
  };
}

/**
 * The part of an image element that falls on the print page (print area plus bleed), to be
 * decoded at the location's DPI over its box: never more pixels than the page's bounding box
 * (turned with the element) holds, however large the box. Its size in points and its centre in mm
 * from the print area's top-left corner; null when nothing of it is on the page.
 */
function clippedImage(
  location: ProductLocation,
  element: ImageElement,
  bleedMm: number,
): {
  box: { width: number; height: number };
  visible: PixelRect;
  whole: boolean;
  size: { width: number; height: number };
  centre: { x: number; y: number };
} | null {
  const pxPerMm = location.dpi / MM_PER_INCH;
  const page = printCanvasPixels(location, bleedMm);
  const box = {
    width: Math.max(1, Math.round(element.width * pxPerMm)),
    height: Math.max(1, Math.round(element.height * pxPerMm)),
    cx: (bleedMm + element.x + element.width / 2) * pxPerMm,
    cy: (bleedMm + element.y + element.height / 2) * pxPerMm,
    rotation: element.rotation,
  };
  const visible = visibleRegion(box, page.width, page.height);
  if (!visible) return null;
  const whole = visible.width === box.width && visible.height === box.height;
  // Millimetres per pixel of the box (its rounding kept, so the part sits where it was).
  const mmx = element.width / box.width;
  const mmy = element.height / box.height;
  // The part's centre from the element's centre (mm), turned with the element (clockwise, y down).
  const dx = (visible.left + visible.width / 2 - box.width / 2) * mmx;
  const dy = (visible.top + visible.height / 2 - box.height / 2) * mmy;
  const radians = (element.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  return {
    box: { width: box.width, height: box.height },
    visible,
    whole,
    size: { width: visible.width * mmx * PT_PER_MM, height: visible.height * mmy * PT_PER_MM },
    centre: {
      x: element.x + element.width / 2 + dx * cos - dy * sin,
      y: element.y + element.height / 2 + dx * sin + dy * cos,
    },
  };
}

/** An image element's resolution at its printed size, and what a shop would object to. */
export interface ImageResolution {
  uploadedAssetId: number;
  widthPx: number;
  heightPx: number;
  widthMm: number;
  heightMm: number;
  /** Pixels per inch at the printed size (the smaller of the two directions), rounded. */
  effectiveDpi: number;
  warnings: string[];
}

/**
 * The resolution of each image element of `design` at its printed size, with a warning when it
 * is below `minimumDpi` (read from the images' headers; nothing is decoded).
 */
export async function imageResolutions(
  design: LocationDesign,
  sources: DesignSources,
  minimumDpi: number,
): Promise<ImageResolution[]> {
  const out: ImageResolution[] = [];
  for (const element of design.elements) {
    if (element.type !== 'image') continue;
    const size = await imageSize(
      await sources.uploadedAsset(element.uploadedAssetId),
      sources.limitInputPixels,
    );
    if (!size) continue;
    const effectiveDpi = Math.round(
      Math.min(
        size.width / (element.width / MM_PER_INCH),
        size.height / (element.height / MM_PER_INCH),
      ),
    );
    out.push({
      uploadedAssetId: element.uploadedAssetId,
      widthPx: size.width,
      heightPx: size.height,
      widthMm: element.width,
      heightMm: element.height,
      effectiveDpi,
      warnings:
        effectiveDpi < minimumDpi
          ? [
              `uploaded asset ${element.uploadedAssetId} prints at ${effectiveDpi} dpi, below the minimum of ${minimumDpi} dpi`,
            ]
          : [],
    });
  }
  return out;
}
