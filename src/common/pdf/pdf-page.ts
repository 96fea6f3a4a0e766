import {
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  PDFDocument,
  PDFFont,
  PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { sharp } from '../images/sharp';
import { decodeRgba, Rgba } from '../images/compose';
import { deflatedPlanes } from '../images/pdf-colours';
import { DocumentColours } from './document-colours';

/** Pixels an image drawn by drawPng may have unless told otherwise (renders are at most 4096²). */
const DRAWN_IMAGE_PIXEL_LIMIT = 64_000_000;

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

/** `text` with what `font` cannot encode replaced: `?` for a character, a space for a line break. */
function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\r\n?|\n/g, ' ')]
    .map((c) => (known.has(c.codePointAt(0)!) ? c : '?'))
    .join('');
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
