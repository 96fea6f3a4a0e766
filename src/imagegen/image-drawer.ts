import { Injectable, Type } from '@nestjs/common';
import { ValidationFailed } from '../common/errors/domain-error';
import { createValidationPipe } from '../common/validation/validation.pipe';
import { FontsService } from '../fonts';
import { monogramSvg, qrSvg, textSvg } from './drawings';
import {
  GENERATOR_NAMES,
  generatorNamed,
  GeneratorName,
  GeneratorRequest,
  GENERATORS,
} from './generators';
import { UnknownGenerator } from './imagegen.errors';
import { patternSvg } from './pattern';

/** Defaults of the optional fields (also in the OpenAPI document). */
export const DEFAULTS = {
  font: 'roboto',
  textColour: '#000000',
  fontSize: 96,
  monogramFont: 'playfair-display-bold',
  monogramColour: '#1d3557',
  frame: 'circle',
  side: 512,
} as const;

/** Font size the letters of a monogram are outlined at before they are fitted to the frame. */
const LETTER_SIZE = 100;
/** Of three monogram letters, the middle one (traditionally the family name's) is larger. */
const MIDDLE_LETTER_SCALE = 1.35;

/** A drawing: the generator that made it, as an SVG document, and whether to save it. */
export interface Drawing {
  generator: GeneratorName;
  svg: string;
  save: boolean;
}

/**
 * Validates a generator's body and draws it as an SVG document: text as outlines of the bundled
 * fonts (so no font is needed to show it), the same document for the same body.
 */
@Injectable()
export class ImageDrawer {
  /** The global pipe's rules (unknown fields dropped, storable text, 400 naming each field). */
  private readonly pipe = createValidationPipe();

  constructor(private readonly fonts: FontsService) {}

  /**
   * @throws UnknownGenerator (404) for a name that is not a generator's (any case is taken);
   *   ValidationFailed (400) naming each field of the body outside its rule.
   */
  async draw(name: string, body: unknown): Promise<Drawing> {
    const generator = generatorNamed(name);
    if (!generator) throw new UnknownGenerator(name, GENERATOR_NAMES);
    const request = {
      generator,
      body: await this.validated(GENERATORS[generator], body),
    } as GeneratorRequest;
    return { generator, svg: await this.drawn(request), save: request.body.save === true };
  }

  /** The body as the generator's DTO, or a 400 naming each invalid field. */
  private async validated(dto: Type, body: unknown): Promise<unknown> {
    return this.pipe.transform(body, { type: 'body', metatype: dto });
  }

  /** Optional fields sent as null count as absent (as IsOptional lets them through). */
  private async drawn(request: GeneratorRequest): Promise<string> {
    switch (request.generator) {
      case 'text': {
        const { text, font, colour } = request.body;
        const size = request.body.size ?? DEFAULTS.fontSize;
        const outline = await this.fonts.outline({
          font: this.fontHandle(font),
          text,
          size,
          scale: 1,
          align: 'center',
        });
        return textSvg(outline, size, colour ?? DEFAULTS.textColour);
      }
      case 'monogram': {
        const { letters, colour } = request.body;
        const frame = request.body.frame ?? DEFAULTS.frame;
        const size = request.body.size ?? DEFAULTS.side;
        const upper = [...letters.toUpperCase()];
        const outlines = await Promise.all(
          upper.map((letter, i) =>
            this.fonts.outline({
              font: DEFAULTS.monogramFont,
              text: letter,
              size: upper.length === 3 && i === 1 ? LETTER_SIZE * MIDDLE_LETTER_SCALE : LETTER_SIZE,
              scale: 1,
              align: 'left',
            }),
          ),
        );
        return monogramSvg(outlines, LETTER_SIZE, frame, colour ?? DEFAULTS.monogramColour, size);
      }
      case 'pattern': {
        const { seed, colours } = request.body;
        return patternSvg(seed, colours ?? undefined, request.body.size ?? DEFAULTS.side);
      }
      case 'qr':
        return qrSvg(request.body.text);
    }
  }

  /** A bundled font by handle, or by family (its regular face), in any case; a 400 otherwise. */
  private fontHandle(font: string | null | undefined): string {
    if (font == null) return DEFAULTS.font;
    const wanted = font.trim().toLowerCase();
    const fonts = this.fonts.list();
    const byHandle = fonts.find((f) => f.handle === wanted);
    if (byHandle) return byHandle.handle;
    const family = fonts.filter((f) => f.family.toLowerCase() === wanted);
    const regular = family.find((f) => f.weight === 400 && f.style === 'normal') ?? family[0];
    if (regular) return regular.handle;
    const rule = 'must be a font handle or family of GET /api/fonts';
    throw new ValidationFailed(
      `Invalid request: font ${JSON.stringify(font.slice(0, 100))} ${rule} (${fonts.map((f) => f.handle).join(', ')}).`,
      [{ field: 'font', message: `font ${rule}` }],
    );
  }
}
