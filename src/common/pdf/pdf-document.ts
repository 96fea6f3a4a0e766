import { PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { createHash, Hash } from 'node:crypto';
import { DocumentColours } from './document-colours';
import { PdfPageCanvas, PdfRect } from './pdf-page';
import { iccStream, markPdfX4, OutputCondition } from './pdfx';

/** Points per millimetre (1 pt = 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;

/** A fixed date written into every document, so the same content gives the same bytes. */
const FIXED_DATE = new Date('2000-01-01T00:00:00Z');

/**
 * PDF documents (with pdf-page.ts, document-colours.ts and pdfx.ts, the only files that import
 * @cantoo/pdf-lib): pages sized in points, drawn in a y-down coordinate system from the top-left
 * corner like the designs (pdf-page.ts), with vector paths (SVG path data), images (never decoded
 * in JavaScript) and simple text; print files as PDF/X-4. Output is deterministic (fixed dates, an
 * /ID derived from the content).
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
