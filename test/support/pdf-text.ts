import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';

/** The text a PDF shows: its content streams' strings (pdf-lib writes them as hex), in order. */
export async function shownText(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.has(PDFName.of('Subtype'))) continue;
    const filtered = object.dict.get(PDFName.of('Filter'))?.toString() === '/FlateDecode';
    const content = Buffer.from(filtered ? inflateSync(object.contents) : object.contents);
    for (const [, hex] of content.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      parts.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return parts.join('\n');
}
