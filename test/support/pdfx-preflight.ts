import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { inflateSync } from 'node:zlib';

/** A box as [x1, y1, x2, y2] in points. */
type Box = [number, number, number, number];

const name = (dict: PDFDict, key: string) => dict.get(PDFName.of(key))?.toString();
const text = (o: unknown) =>
  o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined;

function streamBytes(stream: PDFRawStream): Buffer {
  const filter = stream.dict.get(PDFName.of('Filter'))?.toString();
  return Buffer.from(filter === '/FlateDecode' ? inflateSync(stream.contents) : stream.contents);
}

const streamText = (stream: PDFRawStream) => streamBytes(stream).toString('utf8');

/**
 * What a print shop's preflight checks of a PDF/X-4 file (ISO 15930-7), read from the file's own
 * objects; answers the rules it breaks (none: an empty list). `components` is what the output
 * intent's profile must have (3 RGB, 4 CMYK).
 */
export async function pdfX4Problems(bytes: Buffer, components: 3 | 4): Promise<string[]> {
  const problems: string[] = [];
  const expect = (ok: boolean, rule: string) => ok || problems.push(rule);
  const header = bytes.subarray(0, 8).toString('latin1');
  expect(
    header === '%PDF-1.6' || header === '%PDF-1.4' || header === '%PDF-1.5',
    `header ${header}: PDF/X-4 is PDF 1.6 at most`,
  );
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context, catalog } = pdf;
  const trailer = context.trailerInfo;
  expect(trailer.Encrypt === undefined, 'the file is encrypted');
  const id = trailer.ID instanceof PDFArray ? trailer.ID : undefined;
  expect(id !== undefined && id.size() === 2, 'the trailer has no /ID of two strings');

  // The output intent, with the profile of the condition embedded.
  const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  const intent = intents?.lookupMaybe(0, PDFDict);
  expect(intent !== undefined, 'no /OutputIntents in the catalog');
  if (intent) {
    expect(
      name(intent, 'S') === '/GTS_PDFX',
      `output intent /S is ${name(intent, 'S')}, not /GTS_PDFX`,
    );
    expect(
      text(intent.get(PDFName.of('OutputConditionIdentifier'))) !== undefined,
      'no /OutputConditionIdentifier',
    );
    const profile = intent.lookupMaybe(PDFName.of('DestOutputProfile'), PDFStream);
    const n = profile?.dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber();
    expect(profile !== undefined, 'no /DestOutputProfile');
    expect(n === components, `the output profile has ${n} components, not ${components}`);
    if (profile instanceof PDFRawStream) {
      const icc = streamBytes(profile).subarray(36, 40).toString('latin1');
      expect(icc === 'acsp', 'the output profile is not an ICC profile');
    }
  }

  // Metadata: XMP naming PDF/X-4, and the Info dictionary's keys.
  const metadata = catalog.lookup(PDFName.of('Metadata'));
  const xmp = metadata instanceof PDFRawStream ? streamText(metadata) : '';
  expect(
    /<pdfxid:GTS_PDFXVersion>PDF\/X-4<\/pdfxid:GTS_PDFXVersion>/.test(xmp),
    'no XMP pdfxid:GTS_PDFXVersion PDF/X-4',
  );
  expect(/<pdf:Trapped>False<\/pdf:Trapped>/.test(xmp), 'XMP pdf:Trapped is not False');
  const info = context.lookup(trailer.Info, PDFDict);
  expect(
    text(info.get(PDFName.of('GTS_PDFXVersion'))) === 'PDF/X-4',
    'Info GTS_PDFXVersion is not PDF/X-4',
  );
  expect(name(info, 'Trapped') === '/False', 'Info /Trapped is not /False');
  for (const key of ['Title', 'CreationDate', 'ModDate'])
    expect(text(info.get(PDFName.of(key))) !== undefined, `Info has no /${key}`);

  // Nothing interactive.
  for (const key of ['AcroForm', 'Names', 'OpenAction', 'AA'])
    expect(!catalog.has(PDFName.of(key)), `the catalog has /${key}`);
  expect(!bytes.includes(Buffer.from('/JavaScript')), 'the file holds JavaScript');

  // Every page: MediaBox ⊇ BleedBox ⊇ TrimBox, all given.
  pdf.getPages().forEach((page, i) => {
    const box = (key: string): Box | undefined => {
      const array = page.node.lookupMaybe(PDFName.of(key), PDFArray);
      return array ? (array.asArray().map((v) => (v as PDFNumber).asNumber()) as Box) : undefined;
    };
    const [media, bleed, trim] = [box('MediaBox'), box('BleedBox'), box('TrimBox')];
    expect(trim !== undefined, `page ${i + 1} has no /TrimBox`);
    expect(
      (page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.size() ?? 0) === 0,
      `page ${i + 1} has annotations`,
    );
    const within = (inner?: Box, outer?: Box) =>
      !!inner &&
      !!outer &&
      inner[0] >= outer[0] &&
      inner[1] >= outer[1] &&
      inner[2] <= outer[2] &&
      inner[3] <= outer[3];
    expect(within(bleed ?? trim, media), `page ${i + 1}: BleedBox is not within MediaBox`);
    expect(within(trim, bleed ?? media), `page ${i + 1}: TrimBox is not within BleedBox`);
  });

  // Images: colour either ICC-based with the intent's components, or (CMYK) DeviceCMYK.
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || name(object.dict, 'Subtype') !== '/Image') continue;
    if (object.dict.has(PDFName.of('SMaskInData')) || isSoftMask(context, ref)) continue;
    const space = object.dict.lookup(PDFName.of('ColorSpace'));
    const iccBased =
      space instanceof PDFArray &&
      space.get(0).toString() === '/ICCBased' &&
      (space.lookup(1) as PDFStream).dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber() ===
        components;
    const cmyk = components === 4 && space?.toString() === '/DeviceCMYK';
    expect(
      iccBased || cmyk,
      `image ${ref.toString()} is in ${space?.toString()}, not ICC-based with ${components} components`,
    );
  }
  return problems;
}

/** Whether the image `ref` is some image's /SMask (a soft mask is DeviceGray by definition). */
function isSoftMask(context: PDFDocument['context'], ref: PDFRef): boolean {
  return context
    .enumerateIndirectObjects()
    .some(
      ([, o]) =>
        o instanceof PDFRawStream && o.dict.get(PDFName.of('SMask'))?.toString() === ref.toString(),
    );
}
