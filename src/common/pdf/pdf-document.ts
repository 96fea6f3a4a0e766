import {
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  PDFDocument,
  PDFFont,
  PDFName,
  PDFObject,
  PDFPage,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { createHash, Hash } from 'node:crypto';
import sharp from 'sharp';
import { decodeRgba, deflatedPlanes } from '../images/compose';
import { iccStream, markPdfX4, OutputCondition } from './pdfx';

/** Pixels an image drawn by drawPng may have unless told otherwise (renders are at most 4096²). */
const DRAWN_IMAGE_PIXEL_LIMIT = 64_000_000;

/** Points per millimetre (1 pt = 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;

/** A rectangle in points, from the page's top-left corner (y down, as designs are). */
export interface PdfRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a shape or image goes: its anchor in points from the top-left, turned clockwise about it. */
export interface PdfPlacement {
  x: number;
  y: number;
  /** Degrees, clockwise on the page. */
  rotation?: number;
}

const colour = (hex: string) => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** `text` with what `font` cannot encode replaced: `?` for a character, a space for a line break. */
function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\r\n?|\n/g, ' ')]
    .map((c) => (known.has(c.codePointAt(0)!) ? c : '?'))
    .join('');
}

/** A fixed date written into every document, so the same content gives the same bytes. */
const FIXED_DATE = new Date('2000-01-01T00:00:00Z');

/**
 * PDF documents (with pdfx.ts, the only files that import @cantoo/pdf-lib): pages sized in
 * points, drawn in a y-down coordinate system from the top-left corner like the designs, with
 * vector paths (SVG path data), images (never decoded in JavaScript) and simple text; print files
 * as PDF/X-4. Output is deterministic (fixed dates, an /ID derived from the content).
 */
export class PdfDocumentBuilder {
  /** What the document draws, as it is drawn: the PDF/X file identifier's source. */
  private readonly content: Hash = createHash('sha256');
  private readonly rgbSpace: PDFObject | string;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly meta: {
      title: string;
      pdfx?: { condition: OutputCondition; profile: PDFRef };
    },
  ) {
    // Under PDF/X, images are tagged with the output condition's profile (ICCBased).
    this.rgbSpace = meta.pdfx
      ? doc.context.obj([PDFName.of('ICCBased'), meta.pdfx.profile])
      : 'DeviceRGB';
  }

  /**
   * A document; with `pdfx`, a PDF/X-4 file for that RGB output condition (see markPdfX4): every
   * page must then be given its trim box.
   */
  static async create(meta: {
    title: string;
    subject?: string;
    pdfx?: OutputCondition;
  }): Promise<PdfDocumentBuilder> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(meta.title);
    if (meta.subject) doc.setSubject(meta.subject);
    doc.setProducer('Product Customizer Integration API');
    doc.setCreator('Product Customizer Integration API');
    doc.setCreationDate(FIXED_DATE);
    doc.setModificationDate(FIXED_DATE);
    const pdfx = meta.pdfx && { condition: meta.pdfx, profile: iccStream(doc, meta.pdfx) };
    return new PdfDocumentBuilder(doc, { title: meta.title, pdfx });
  }

  /**
   * A page of `width` × `height` points; with `trim`, a TrimBox there and a BleedBox of the whole
   * page (print-ready files: the trim is the print area, the rest is bleed).
   */
  addPage(width: number, height: number, boxes: { trim?: PdfRect } = {}): PdfPageCanvas {
    const page = this.doc.addPage([width, height]);
    if (boxes.trim) {
      const t = boxes.trim;
      page.setTrimBox(t.x, height - t.y - t.height, t.width, t.height);
      page.setBleedBox(0, 0, width, height);
    }
    this.content.update(`page ${width} ${height} ${JSON.stringify(boxes)}\n`);
    return new PdfPageCanvas(this.doc, page, this.rgbSpace, (part) => this.content.update(part));
  }

  async bytes(): Promise<Buffer> {
    const { pdfx, title } = this.meta;
    if (pdfx)
      markPdfX4(this.doc, { ...pdfx, title, date: FIXED_DATE, content: this.content.digest() });
    return Buffer.from(await this.doc.save({ useObjectStreams: false }));
  }
}

/** One page, drawn with y down from the top-left corner. */
export class PdfPageCanvas {
  private readonly fonts = new Map<string, Promise<PDFFont>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
    private readonly rgbSpace: PDFObject | string,
    private readonly record: (part: string | Buffer) => void,
  ) {}

  get height(): number {
    return this.page.getHeight();
  }

  fillRect(rect: PdfRect, hex: string): void {
    this.record(`rect ${JSON.stringify(rect)} ${hex}\n`);
    this.page.drawRectangle({
      x: rect.x,
      y: this.height - rect.y - rect.height,
      width: rect.width,
      height: rect.height,
      color: colour(hex),
    });
  }

  strokeRect(rect: PdfRect, hex: string, width = 0.5): void {
    this.record(`stroke ${JSON.stringify(rect)} ${hex} ${width}\n`);
    this.page.drawRectangle({
      x: rect.x,
      y: this.height - rect.y - rect.height,
      width: rect.width,
      height: rect.height,
      borderColor: colour(hex),
      borderWidth: width,
    });
  }

  /** SVG path data (y down, in points, origin at the placement) filled with the non-zero rule. */
  fillPath(d: string, hex: string, at: PdfPlacement): void {
    if (d === '') return;
    this.record(`path ${d} ${hex} ${JSON.stringify(at)}\n`);
    this.transformed(at, () => this.page.drawSvgPath(d, { x: 0, y: 0, color: colour(hex) }));
  }

  /**
   * A PNG (or any image libvips reads) stretched over `width` × `height` points with its top-left
   * corner at the placement. Decoded by libvips and deflated by zlib off the event loop, then
   * drawn as drawPlanes draws (pdf-lib's embedPng would decode and deflate it in JavaScript:
   * about a second of blocked event loop for a large render).
   */
  async drawPng(
    png: Buffer,
    size: { width: number; height: number },
    at: PdfPlacement & { about?: 'top-left' | 'centre' },
    limitInputPixels = DRAWN_IMAGE_PIXEL_LIMIT,
  ): Promise<void> {
    const image = await decodeRgba(png, { limitInputPixels });
    const raw = { raw: { width: image.width, height: image.height, channels: 4 as const } };
    const [planes, { isOpaque }] = await Promise.all([
      deflatedPlanes(image),
      sharp(image.data, raw).stats(),
    ]);
    // Like embedPng: a soft mask only for an image with some transparency.
    const alpha = isOpaque ? undefined : planes.alpha;
    this.drawPlanes({ ...planes, alpha, width: image.width, height: image.height }, size, at);
  }

  /**
   * An image given as deflated RGB and (optional) alpha planes (see deflatedPlanes) stretched over `width` ×
   * `height` points, placed as drawPng places it. Nothing is decoded here: large print images
   * cost the event loop nothing (pdf-lib would decode a PNG in JavaScript).
   */
  drawPlanes(
    planes: { rgb: Buffer; alpha?: Buffer; width: number; height: number },
    size: { width: number; height: number },
    at: PdfPlacement & { about?: 'top-left' | 'centre' },
  ): void {
    const common = {
      Type: 'XObject',
      Subtype: 'Image',
      Width: planes.width,
      Height: planes.height,
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    };
    this.record(`image ${JSON.stringify({ size, at, w: planes.width, h: planes.height })}\n`);
    this.record(planes.rgb);
    if (planes.alpha) this.record(planes.alpha);
    const context = this.doc.context;
    const mask =
      planes.alpha &&
      context.register(context.stream(planes.alpha, { ...common, ColorSpace: 'DeviceGray' }));
    const ref = context.register(
      context.stream(planes.rgb, {
        ...common,
        ColorSpace: this.rgbSpace,
        ...(mask ? { SMask: mask } : {}),
      }),
    );
    const name = this.page.node.newXObject('Image', ref);
    const [dx, dy] = at.about === 'centre' ? [-size.width / 2, -size.height / 2] : [0, 0];
    this.transformed(at, () =>
      this.page.pushOperators(
        concatTransformationMatrix(size.width, 0, 0, size.height, dx, -dy - size.height),
        drawObject(name),
      ),
    );
  }

  /**
   * One line of text in Helvetica, its top at `y` (for specification sheets; print files draw
   * text as outlines). Characters Helvetica cannot show become `?`; line breaks become spaces.
   */
  async text(
    text: string,
    at: { x: number; y: number; size: number; hex?: string; bold?: boolean },
  ): Promise<void> {
    const font = await this.fontOf(at.bold ?? false);
    this.record(`text ${text} ${JSON.stringify(at)}\n`);
    this.page.drawText(printable(text, font), {
      x: at.x,
      y: this.height - at.y - at.size,
      size: at.size,
      font,
      color: colour(at.hex ?? '#000000'),
    });
  }

  private fontOf(bold: boolean): Promise<PDFFont> {
    const name = bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica;
    let font = this.fonts.get(name);
    if (!font) {
      font = this.doc.embedFont(name);
      this.fonts.set(name, font);
    }
    return font;
  }

  /** Draws inside `rect` only. */
  clipped(rect: PdfRect, draw: () => void): void {
    this.page.pushOperators(
      pushGraphicsState(),
      rectangle(rect.x, this.height - rect.y - rect.height, rect.width, rect.height),
      clip(),
      endPath(),
    );
    draw();
    this.page.pushOperators(popGraphicsState());
  }

  /**
   * Runs `draw` with the origin moved to the placement (y up, as pdf-lib draws) and turned
   * clockwise by its rotation; drawSvgPath flips its y-down path data itself.
   */
  private transformed(at: PdfPlacement, draw: () => void): void {
    const radians = (-(at.rotation ?? 0) * Math.PI) / 180;
    const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
    this.page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(cos, sin, -sin, cos, at.x, this.height - at.y),
    );
    draw();
    this.page.pushOperators(popGraphicsState());
  }
}
