import {
  clip,
  cmyk,
  Color,
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
import { sharp } from '../images/sharp';
import { decodeRgba, Rgba } from '../images/compose';
import { cmykColours, deflatedPlanes } from '../images/pdf-colours';
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

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/**
 * How a document's colours are written: RGB as given, or CMYK through the output condition's
 * profile (colours converted up front by {@link PdfDocumentBuilder.useColours}, images as drawn).
 */
class DocumentColours {
  private readonly converted = new Map<string, Color>();

  constructor(
    /** The colour space of images: DeviceRGB, or ICCBased on the output condition's profile. */
    readonly imageSpace: PDFObject | string,
    /** The CMYK profile's path, for a CMYK document. */
    readonly cmykProfile?: string,
  ) {}

  async prepare(hexes: string[]): Promise<void> {
    if (!this.cmykProfile) return;
    const missing = hexes.filter((h) => !this.converted.has(h.toLowerCase()));
    for (const [hex, [c, m, y, k]] of await cmykColours(missing, this.cmykProfile))
      this.converted.set(hex, cmyk(c, m, y, k));
  }

  of(hex: string): Color {
    if (!this.cmykProfile) return rgbOf(hex);
    const converted = this.converted.get(hex.toLowerCase());
    if (!converted) throw new Error(`the colour ${hex} was not prepared (useColours)`);
    return converted;
  }
}

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
  private readonly colours: DocumentColours;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly meta: {
      title: string;
      output?: { condition: OutputCondition; profile: PDFRef; pdfx: boolean };
    },
  ) {
    // With an output condition, images are tagged with its profile (ICCBased) and, for a CMYK
    // condition, converted into it (as are the colours of shapes and text).
    const output = meta.output;
    this.colours = output
      ? new DocumentColours(
          doc.context.obj([PDFName.of('ICCBased'), output.profile]),
          output.condition.components === 4 ? output.condition.path : undefined,
        )
      : new DocumentColours('DeviceRGB');
    if (output?.condition.components === 4 && !output.condition.path)
      throw new Error(`the CMYK condition ${output.condition.identifier} has no profile file`);
  }

  /**
   * A document; with `output`, its colours are in that output condition (RGB tagged with its
   * profile, or CMYK converted through it), and with `pdfx` as well it is a PDF/X-4 file for it
   * (see markPdfX4): every page must then be given its trim box.
   */
  static async create(meta: {
    title: string;
    subject?: string;
    output?: OutputCondition;
    pdfx?: boolean;
  }): Promise<PdfDocumentBuilder> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(meta.title);
    if (meta.subject) doc.setSubject(meta.subject);
    doc.setProducer('Product Customizer Integration API');
    doc.setCreator('Product Customizer Integration API');
    doc.setCreationDate(FIXED_DATE);
    doc.setModificationDate(FIXED_DATE);
    const output = meta.output && {
      condition: meta.output,
      profile: iccStream(doc, meta.output),
      pdfx: meta.pdfx ?? false,
    };
    return new PdfDocumentBuilder(doc, { title: meta.title, output });
  }

  /** Converts the colours shapes and text will be drawn in (needed before drawing in CMYK). */
  useColours(hexes: string[]): Promise<void> {
    return this.colours.prepare(hexes);
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
    return new PdfPageCanvas(this.doc, page, this.colours, (part) => this.content.update(part));
  }

  /** The document's bytes (a Buffer over {@link serialised}, not a copy). */
  async bytes(): Promise<Buffer> {
    const bytes = await this.serialised();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * The document written out by pdf-lib: JavaScript that copies every stream byte by byte, so
   * large documents (print files) are written in a worker thread (web-to-print/print-files.task.ts).
   */
  async serialised(): Promise<Uint8Array> {
    const { output, title } = this.meta;
    if (output?.pdfx)
      markPdfX4(this.doc, { ...output, title, date: FIXED_DATE, content: this.content.digest() });
    return this.doc.save({ useObjectStreams: false });
  }
}

/** One page, drawn with y down from the top-left corner. */
export class PdfPageCanvas {
  private readonly fonts = new Map<string, Promise<PDFFont>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
    private readonly colours: DocumentColours,
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
      color: this.colours.of(hex),
    });
  }

  strokeRect(rect: PdfRect, hex: string, width = 0.5): void {
    this.record(`stroke ${JSON.stringify(rect)} ${hex} ${width}\n`);
    this.page.drawRectangle({
      x: rect.x,
      y: this.height - rect.y - rect.height,
      width: rect.width,
      height: rect.height,
      borderColor: this.colours.of(hex),
      borderWidth: width,
    });
  }

  /** SVG path data (y down, in points, origin at the placement) filled with the non-zero rule. */
  fillPath(d: string, hex: string, at: PdfPlacement): void {
    if (d === '') return;
    this.record(`path ${d} ${hex} ${JSON.stringify(at)}\n`);
    this.transformed(at, () =>
      this.page.drawSvgPath(d, { x: 0, y: 0, color: this.colours.of(hex) }),
    );
  }

  /**
   * A PNG (or any image libvips reads) stretched over `width` × `height` points with its top-left
   * corner at the placement (see drawImage); a soft mask only when it has some transparency, as
   * pdf-lib's embedPng would (which would decode and deflate it in JavaScript instead: about a
   * second of blocked event loop for a large render).
   */
  async drawPng(
    png: Buffer,
    size: { width: number; height: number },
    at: PdfPlacement & { about?: 'top-left' | 'centre' },
    limitInputPixels = DRAWN_IMAGE_PIXEL_LIMIT,
  ): Promise<void> {
    const image = await decodeRgba(png, { limitInputPixels });
    const raw = { raw: { width: image.width, height: image.height, channels: 4 as const } };
    const { isOpaque } = await sharp(image.data, raw).stats();
    await this.drawImage(image, size, at, { opaque: isOpaque });
  }

  /**
   * An image stretched over `width` × `height` points, placed by its top-left corner or its
   * centre, with its alpha as a soft mask (none when `opaque`). Its colour planes are made by
   * libvips and deflated by zlib off the event loop (CMYK through the output condition's profile
   * in a CMYK document); nothing is decoded in JavaScript.
   */
  async drawImage(
    image: Rgba,
    size: { width: number; height: number },
    at: PdfPlacement & { about?: 'top-left' | 'centre' },
    options: { opaque?: boolean } = {},
  ): Promise<void> {
    const planes = await deflatedPlanes(image, this.colours.cmykProfile);
    const common = {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.width,
      Height: image.height,
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    };
    this.record(`image ${JSON.stringify({ size, at, w: image.width, h: image.height })}\n`);
    this.record(planes.colour);
    if (!options.opaque) this.record(planes.alpha);
    const context = this.doc.context;
    const mask =
      !options.opaque &&
      context.register(context.stream(planes.alpha, { ...common, ColorSpace: 'DeviceGray' }));
    const ref = context.register(
      context.stream(planes.colour, {
        ...common,
        ColorSpace: this.colours.imageSpace,
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
      color: this.colours.of(at.hex ?? '#000000'),
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
