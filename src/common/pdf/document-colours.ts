import { cmyk, Color, PDFObject, rgb } from '@cantoo/pdf-lib';
import { cmykColours } from '../images/pdf-colours';

const rgbOf = (hex: string) => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/**
 * How a document's colours are written: RGB as given, or CMYK through the output condition's
 * profile (colours converted up front by {@link PdfDocumentBuilder.useColours}, images as drawn).
 */
export class DocumentColours {
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
