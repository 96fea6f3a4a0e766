import type { PrintSettings } from '../catalog';
import { decodeResizedRegion, decodeRgba, type PixelRect } from '../common/images/compose';
import { outputCondition } from '../common/pdf/output-conditions';
import { PdfDocumentBuilder } from '../common/pdf/pdf-document';
import type { PdfRect } from '../common/pdf/pdf-page';

/**
 * A location's print PDF as a plan (print-files.task.ts draws it in a worker thread): everything
 * known before drawing (page, trim, colours, text outlines, where each image goes and which part
 * of it shows) and the encoded bytes of the images it draws. Plain data: it is structured-cloned
 * to the worker thread, where this file's {@link drawPrintPdf} decodes the images one at a time,
 * builds the document and serialises it, off the event loop. Imports only src/common (a worker
 * thread loads it).
 */
export interface PrintPdfPlan {
  title: string;
  subject: string;
  settings: Pick<PrintSettings, 'pdfStandard' | 'iccProfile'>;
  /** The page (print area plus bleed) in points, and the trim (print area) on it. */
  page: { width: number; height: number };
  trim: PdfRect;
  background?: string;
  /** Every colour drawn (converted up front in a CMYK document). */
  colours: string[];
  /** In drawing order. */
  items: PrintPdfItem[];
  /** The encoded bytes of each image drawn, by index (PrintPdfImage.asset). */
  assets: Uint8Array[];
  /** sharp's limitInputPixels for every decoded image. */
  limitInputPixels: number;
}

/** Text as vector outlines (SVG path data in points, origin at the anchor). */
export interface PrintPdfPath {
  kind: 'path';
  d: string;
  colour: string;
  /** The anchor in points from the page's top-left corner; degrees clockwise about it. */
  x: number;
  y: number;
  rotation: number;
}

/** The part of an image element on the page, resampled to the location's DPI over its box. */
export interface PrintPdfImage {
  kind: 'image';
  asset: number;
  /** The element's box at the location's DPI, in pixels. */
  box: { width: number; height: number };
  /** The part of the box decoded (in the box's pixels); null: all of it. */
  part: PixelRect | null;
  /** The part's size in points and its centre in points from the page's top-left corner. */
  size: { width: number; height: number };
  x: number;
  y: number;
  rotation: number;
}

export type PrintPdfItem = PrintPdfPath | PrintPdfImage;

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Draws a planned print PDF: a PDF/X-4 file (or a plain PDF) in the colour space of its ICC
 * profile, one page with its TrimBox and BleedBox, the background over the whole page, text as
 * outlines, images decoded one at a time at most at the part that shows. The bytes are the
 * serialised document itself (no copy).
 */
export async function drawPrintPdf(plan: PrintPdfPlan): Promise<Uint8Array> {
  const doc = await PdfDocumentBuilder.create({
    title: plan.title,
    subject: plan.subject,
    output: outputCondition(plan.settings.iccProfile),
    pdfx: plan.settings.pdfStandard === 'PDF/X-4',
  });
  await doc.useColours(plan.colours);
  const { width, height } = plan.page;
  const page = doc.addPage(width, height, { trim: plan.trim });
  if (plan.background) page.fillRect({ x: 0, y: 0, width, height }, plan.background);
  for (const item of plan.items) {
    if (item.kind === 'path') {
      page.fillPath(item.d, item.colour, { x: item.x, y: item.y, rotation: item.rotation });
      continue;
    }
    const bytes = asBuffer(plan.assets[item.asset]);
    const limitInputPixels = plan.limitInputPixels;
    // All of it on the page (the usual case): one plain resize, without a region to cut.
    const image = item.part
      ? await decodeResizedRegion(
          bytes,
          item.box.width,
          item.box.height,
          item.part,
          limitInputPixels,
        )
      : await decodeRgba(bytes, { limitInputPixels, size: item.box });
    await page.drawImage(image, item.size, {
      x: item.x,
      y: item.y,
      rotation: item.rotation,
      about: 'centre',
    });
  }
  return doc.serialised();
}
