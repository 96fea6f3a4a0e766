import type { ProductLocation } from '../catalog';
import { decodeRgba, deflatedPlanes, encodePng } from '../common/images/compose';
import { PdfDocumentBuilder, PT_PER_MM } from '../common/pdf/pdf-document';
import { DesignSources, rasterizeDesign } from '../render';
import type { LocationDesign } from '../recipesets';

/** Bleed around the print area on every side of a print PDF, in mm. */
export const BLEED_MM = 3;
const MM_PER_INCH = 25.4;

/** The pixel size of a location's print area at its DPI. */
export function printPixels(location: ProductLocation): { width: number; height: number } {
  const px = (mm: number) => Math.max(1, Math.round((mm / MM_PER_INCH) * location.dpi));
  return { width: px(location.printArea.widthMm), height: px(location.printArea.heightMm) };
}

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
 * The print-ready PDF of a location: one page of the print area plus {@link BLEED_MM} on every
 * side (TrimBox = print area, BleedBox = page); the background colour fills the bleed too; text
 * as vector outlines of the bundled fonts; images resampled to the location's DPI over their box.
 */
export async function printPdf(
  location: ProductLocation,
  design: LocationDesign,
  sources: DesignSources,
  meta: { title: string },
): Promise<Buffer> {
  const { widthMm, heightMm } = location.printArea;
  const bleed = BLEED_MM * PT_PER_MM;
  const doc = await PdfDocumentBuilder.create({
    title: meta.title,
    subject: `${location.name ?? location.handle}: ${widthMm} × ${heightMm} mm, ${location.dpi} dpi, ${location.embellishment}`,
  });
  const trim = { x: bleed, y: bleed, width: widthMm * PT_PER_MM, height: heightMm * PT_PER_MM };
  const page = doc.addPage(trim.width + 2 * bleed, trim.height + 2 * bleed, { trim });
  if (design.background)
    page.fillRect(
      { x: 0, y: 0, width: trim.width + 2 * bleed, height: trim.height + 2 * bleed },
      design.background,
    );
  const at = (xMm: number, yMm: number) => ({
    x: bleed + xMm * PT_PER_MM,
    y: bleed + yMm * PT_PER_MM,
  });
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
      page.fillPath(outline.d, element.colour, {
        ...at(element.x, element.y),
        rotation: element.rotation,
      });
      continue;
    }
    const pixels = {
      width: Math.max(1, Math.round((element.width / MM_PER_INCH) * location.dpi)),
      height: Math.max(1, Math.round((element.height / MM_PER_INCH) * location.dpi)),
    };
    const bytes = await sources.uploadedAsset(element.uploadedAssetId);
    const image = await decodeRgba(bytes, {
      limitInputPixels: sources.limitInputPixels,
      size: pixels,
    });
    page.drawPlanes(
      { ...(await deflatedPlanes(image)), width: image.width, height: image.height },
      { width: element.width * PT_PER_MM, height: element.height * PT_PER_MM },
      {
        ...at(element.x + element.width / 2, element.y + element.height / 2),
        rotation: element.rotation,
        about: 'centre',
      },
    );
  }
  return doc.bytes();
}
