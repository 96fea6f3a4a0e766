import { Injectable, OnModuleInit } from '@nestjs/common';
import { BUNDLED_FONTS, BundledFont, FontStyle } from './font-registry';
import { InvalidTextMetrics, UnknownFont } from './fonts.errors';
import { FontFace, loadFontFace } from './opentype';
import { outlineText, TextLayout, TextOutline } from './text-outline';

/** What `GET /api/fonts` lists of a font. */
export interface FontSummary {
  handle: string;
  family: string;
  weight: number;
  style: FontStyle;
  license: string;
}

/** A text to outline in a bundled font. */
export interface TextOutlineRequest extends TextLayout {
  /** A bundled font's handle. */
  font: string;
}

/** Largest font size (pt) and output units per point accepted: far above any real use. */
export const MAX_TEXT_SIZE = 10_000;
export const MAX_TEXT_SCALE = 1_000;

const BY_HANDLE = new Map(BUNDLED_FONTS.map((f) => [f.handle, f]));

/**
 * The bundled fonts (font-registry.ts) and text drawn from them as outlines. Each font file is
 * read and parsed once, on first use, and kept for the life of the process.
 */
@Injectable()
export class FontsService implements OnModuleInit {
  private readonly faces = new Map<string, Promise<FontFace>>();
  private readonly files = new Map<string, string>();

  /** Fails the start when a font package is missing, rather than the first render. */
  onModuleInit(): void {
    for (const font of BUNDLED_FONTS) this.fileOf(font);
  }

  /** Every bundled font, sorted by handle. */
  list(): FontSummary[] {
    return BUNDLED_FONTS.map(({ handle, family, weight, style, license }) => ({
      handle,
      family,
      weight,
      style,
      license,
    })).sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
  }

  /**
   * Whether `handle` names a bundled font; any case, as elsewhere in the API (docs/design.md §5).
   */
  has(handle: string): boolean {
    return BY_HANDLE.has(handle.toLowerCase());
  }

  /**
   * The outline of `text` in a bundled font (handle in any case) as SVG path data with its bounding box (see
   * `TextOutline` for the coordinates). Characters the font lacks are drawn as its `.notdef`
   * glyph (a box in some fonts, blank in others), advancing by its width.
   *
   * @throws UnknownFont for a handle that is not bundled; InvalidTextMetrics for a size or scale
   *   that is not a positive number within MAX_TEXT_SIZE / MAX_TEXT_SCALE.
   */
  async outline(request: TextOutlineRequest): Promise<TextOutline> {
    checkMetric('size', request.size, MAX_TEXT_SIZE);
    checkMetric('scale', request.scale, MAX_TEXT_SCALE);
    return outlineText(await this.face(request.font), request);
  }

  private face(handle: string): Promise<FontFace> {
    const font = BY_HANDLE.get(handle.toLowerCase());
    if (!font) return Promise.reject(new UnknownFont(handle));
    let face = this.faces.get(font.handle);
    if (!face) {
      face = loadFontFace(this.fileOf(font));
      // A failed read is not cached: the next call tries again.
      face.catch(() => this.faces.delete(font.handle));
      this.faces.set(font.handle, face);
    }
    return face;
  }

  private fileOf(font: BundledFont): string {
    let file = this.files.get(font.handle);
    if (!file) {
      file = require.resolve(font.file);
      this.files.set(font.handle, file);
    }
    return file;
  }
}

function checkMetric(what: string, value: number, max: number): void {
  if (!(Number.isFinite(value) && value > 0 && value <= max)) {
    throw new InvalidTextMetrics(what, value, max);
  }
}
