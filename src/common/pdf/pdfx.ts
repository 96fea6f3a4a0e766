import { createHash } from 'node:crypto';
import {
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFHexString,
  PDFName,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';

/** The printing condition a PDF/X file is made for: its ICC profile and names. */
export interface OutputCondition {
  /** The ICC profile of the output condition (embedded as the DestOutputProfile). */
  profile: Buffer;
  /** Its colour components: 3 (RGB) or 4 (CMYK). */
  components: 3 | 4;
  /** OutputConditionIdentifier: a registered name (e.g. FOGRA39) or the profile's description. */
  identifier: string;
  /** A readable description of the condition. */
  info: string;
  /** The profile's file, for libvips to convert images and colours into (a CMYK condition). */
  path?: string;
}

/**
 * sRGB (IEC 61966-2.1), as the compact ICC v4 profile `profiles/sRGB-v4.icc` of
 * github.com/saucecontrol/Compact-ICC-Profiles (commit bdd8466), 480 bytes, dedicated to the
 * public domain (CC0 1.0): the RGB output condition print files are tagged with by default.
 */
export const SRGB: OutputCondition = {
  profile: Buffer.from(
    'AAAB4GxjbXMEIAAAbW50clJHQiBYWVogB+IAAwAUAAkADgAdYWNzcE1TRlQAAAAAc2F3c2N0cmwAAAAAAAAAAAAAAAAAAPbWAAEAAAAA0y1oYW5keem/Vlo+AbaDI4VVRvdPqgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAKZGVzYwAAAPwAAAAkY3BydAAAASAAAAAid3RwdAAAAUQAAAAUY2hhZAAAAVgAAAAsclhZWgAAAYQAAAAUZ1hZWgAAAZgAAAAUYlhZWgAAAawAAAAUclRSQwAAAcAAAAAgZ1RSQwAAAcAAAAAgYlRSQwAAAcAAAAAgbWx1YwAAAAAAAAABAAAADGVuVVMAAAAIAAAAHABzAFIARwBCbWx1YwAAAAAAAAABAAAADGVuVVMAAAAGAAAAHABDAEMAMAAAWFlaIAAAAAAAAPbWAAEAAAAA0y1zZjMyAAAAAAABDD8AAAXd///zJgAAB5AAAP2S///7of///aIAAAPcAADAcVhZWiAAAAAAAABvoAAAOPIAAAOPWFlaIAAAAAAAAGKWAAC3iQAAGNpYWVogAAAAAAAAJKAAAA+FAAC2xHBhcmEAAAAAAAMAAAACZmkAAPKnAAANWQAAE9AAAApb',
    'base64',
  ),
  components: 3,
  identifier: 'sRGB IEC61966-2.1',
  info: 'sRGB IEC61966-2.1',
};

const PRODUCT = 'Product Customizer Integration API';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A UUID-shaped text of the first 16 bytes of `digest`. */
const uuidOf = (digest: Buffer) =>
  digest
    .subarray(0, 16)
    .toString('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The XMP packet of a PDF/X-4 file. */
function xmp(title: string, date: Date, documentId: string): string {
  const at = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
    ' xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
    ' xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(title)}</rdf:li></rdf:Alt></dc:title>`,
    `<xmp:CreateDate>${at}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${at}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${at}</xmp:MetadataDate>`,
    `<xmp:CreatorTool>${PRODUCT}</xmp:CreatorTool>`,
    `<pdf:Producer>${PRODUCT}</pdf:Producer>`,
    '<pdf:Trapped>False</pdf:Trapped>',
    `<xmpMM:DocumentID>uuid:${documentId}</xmpMM:DocumentID>`,
    `<xmpMM:InstanceID>uuid:${documentId}</xmpMM:InstanceID>`,
    '<xmpMM:VersionID>1</xmpMM:VersionID>',
    '<xmpMM:RenditionClass>default</xmpMM:RenditionClass>',
    '<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>',
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** The ICC profile of `condition` as an ICCBased colour space's stream, registered in `doc`. */
export function iccStream(doc: PDFDocument, condition: OutputCondition): PDFRef {
  const { context } = doc;
  return context.register(context.flateStream(condition.profile, { N: condition.components }));
}

/**
 * Makes `doc` a PDF/X-4 file (ISO 15930-7) for `condition`: PDF 1.6, an output intent
 * (GTS_PDFX) with the condition's profile (`profile`, from iccStream), XMP metadata naming
 * PDF/X-4, the Info keys GTS_PDFXVersion and Trapped (False), and a file identifier derived from
 * `content` (a digest of what the document draws, so the same content gives the same bytes).
 * Title and dates are the caller's (already in Info).
 */
export function markPdfX4(
  doc: PDFDocument,
  options: {
    condition: OutputCondition;
    profile: PDFRef;
    title: string;
    date: Date;
    content: Buffer;
  },
): void {
  const { context, catalog } = doc;
  const { condition, profile, title, date, content } = options;
  context.header = PDFHeader.forVersion(1, 6);
  catalog.set(
    PDFName.of('OutputIntents'),
    context.obj([
      context.register(
        context.obj({
          Type: 'OutputIntent',
          S: 'GTS_PDFX',
          OutputConditionIdentifier: PDFString.of(condition.identifier),
          Info: PDFString.of(condition.info),
          RegistryName: PDFString.of('http://www.color.org'),
          DestOutputProfile: profile,
        }),
      ),
    ]),
  );
  const digest = createHash('sha256').update(content).update(title).digest();
  catalog.set(
    PDFName.of('Metadata'),
    context.register(
      context.stream(Buffer.from(xmp(title, date, uuidOf(digest)), 'utf8'), {
        Type: 'Metadata',
        Subtype: 'XML',
      }),
    ),
  );
  const info = context.lookup(context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('GTS_PDFXVersion'), PDFString.of('PDF/X-4'));
  info.set(PDFName.of('Trapped'), PDFName.of('False'));
  const id = PDFHexString.of(digest.subarray(0, 16).toString('hex'));
  context.trailerInfo.ID = context.obj([id, id]);
}
