import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { CaseInsensitiveEnum, LenientBoolean, LenientInt } from '../../common/validation/lenient';
import { colourMessage, HEX_COLOUR } from '../../common/validation/colour';

/** The limits of every generator's input (also written into the OpenAPI document). */
export const IMAGEGEN_LIMITS = {
  /** Characters of a text image. */
  textLength: 200,
  /** Characters a QR code encodes (at most 2,000 bytes as UTF-8: within version 40-M). */
  qrLength: 500,
  seedLength: 100,
  /** Font size of a text image, in pixels. */
  minFontSize: 8,
  maxFontSize: 1024,
  /** Side of a monogram or pattern, in pixels; also the longest side of any image. */
  minSide: 64,
  maxSide: 2048,
  minColours: 2,
  maxColours: 6,
} as const;

export const FRAMES = ['none', 'circle', 'square', 'diamond'] as const;
export type Frame = (typeof FRAMES)[number];

const HEX_PATTERN = HEX_COLOUR.source;
/** Letters of Latin-1 (A–Z and the accented ones), 1 to 3. */
export const LETTERS = /^[A-Za-zÀ-ÖØ-öø-ÿ]{1,3}$/;

const lowerCase = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value.toLowerCase()
    : Array.isArray(value)
      ? value.map((v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v))
      : value;

/**
 * Text taken exactly as sent (a number as its decimal text), of `min` to `max` characters
 * counted as code points, as JSON Schema counts them.
 */
const ExactText = (min: number, max: number): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'number' && Number.isFinite(value) ? String(value) : value,
    ),
    IsString({ message: '$property must be a string' }),
    ValidateBy({
      name: 'codePointLength',
      validator: {
        validate: (v: unknown) =>
          typeof v !== 'string' || ([...v].length >= min && [...v].length <= max),
        defaultMessage: () => `$property must be ${min} to ${max} characters long`,
      },
    }),
  );

const Colour = (description: string, fallback: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      pattern: HEX_PATTERN,
      default: fallback,
      description,
      example: fallback,
    }),
    IsOptional(),
    Transform(lowerCase),
    Matches(HEX_COLOUR, { message: colourMessage }),
  );

const Side = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: IMAGEGEN_LIMITS.minSide,
      maximum: IMAGEGEN_LIMITS.maxSide,
      default: 512,
      description: 'Width and height of the square image, in pixels.',
    }),
    IsOptional(),
    LenientInt(IMAGEGEN_LIMITS.minSide, IMAGEGEN_LIMITS.maxSide),
  );

/** What every generator takes besides its own fields. */
export class GeneratedImageOptionsDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'Store the image (always as PNG) as an uploaded asset of the calling client and answer 201 with it, instead of the image.',
  })
  @IsOptional()
  @LenientBoolean()
  save?: boolean;
}

/** `POST /api/imagegen/text`: a line (or lines) of text in a bundled font, on transparency. */
export class TextImageRequestDto extends GeneratedImageOptionsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: IMAGEGEN_LIMITS.textLength,
    pattern: '\\S',
    description: 'The text; `\\n` starts a new line. At least one character other than space.',
    example: 'Team Rocket',
  })
  @ExactText(1, IMAGEGEN_LIMITS.textLength)
  @Matches(/\S/, { message: '$property must contain a character other than white space' })
  text: string;

  @ApiPropertyOptional({
    maxLength: 100,
    default: 'roboto',
    description:
      'A font of GET /api/fonts: its handle (`roboto-bold`) or its family (`Roboto`, the regular face), in any case.',
    example: 'lobster',
  })
  @IsOptional()
  @IsString({ message: '$property must be a string' })
  @MaxLength(100, { message: '$property must be at most 100 characters' })
  font?: string;

  @Colour('Colour of the text.', '#000000')
  colour?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: IMAGEGEN_LIMITS.minFontSize,
    maximum: IMAGEGEN_LIMITS.maxFontSize,
    default: 96,
    description: `Font size in pixels (a line is 1.2 × size). The image is cropped to the text with a margin; a side longer than ${IMAGEGEN_LIMITS.maxSide} px is scaled down to fit.`,
    example: 96,
  })
  @IsOptional()
  @LenientInt(IMAGEGEN_LIMITS.minFontSize, IMAGEGEN_LIMITS.maxFontSize)
  size?: number;
}

/** `POST /api/imagegen/monogram`: 1–3 letters, upper-cased, in an optional frame. */
export class MonogramImageRequestDto extends GeneratedImageOptionsDto {
  @ApiProperty({
    pattern: LETTERS.source,
    description:
      'One to three letters (A–Z or accented Latin letters), drawn upper-case; of three, the middle one is larger.',
    example: 'JAK',
  })
  @IsString({ message: '$property must be a string' })
  @Matches(LETTERS, { message: '$property must be 1 to 3 letters (A–Z or accented Latin letters)' })
  letters: string;

  @ApiPropertyOptional({ enum: FRAMES, default: 'circle', example: 'diamond' })
  @IsOptional()
  @CaseInsensitiveEnum(FRAMES)
  frame?: Frame;

  @Colour('Colour of the letters and the frame.', '#1d3557')
  colour?: string;

  @Side()
  size?: number;
}

/** `POST /api/imagegen/pattern`: a tile pattern that the seed alone decides. */
export class PatternImageRequestDto extends GeneratedImageOptionsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: IMAGEGEN_LIMITS.seedLength,
    description:
      'Any text (a number is taken as its decimal text): the same seed always gives the same pattern.',
    example: 'order-42015953',
  })
  @ExactText(1, IMAGEGEN_LIMITS.seedLength)
  seed: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', pattern: HEX_PATTERN },
    minItems: IMAGEGEN_LIMITS.minColours,
    maxItems: IMAGEGEN_LIMITS.maxColours,
    description: 'The palette; default: one of the built-in palettes, picked by the seed.',
    example: ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  })
  @IsOptional()
  @Transform(lowerCase)
  @IsArray({ message: '$property must be an array' })
  @ArrayMinSize(IMAGEGEN_LIMITS.minColours, {
    message: `$property must have at least ${IMAGEGEN_LIMITS.minColours} colours`,
  })
  @ArrayMaxSize(IMAGEGEN_LIMITS.maxColours, {
    message: `$property must have at most ${IMAGEGEN_LIMITS.maxColours} colours`,
  })
  @Matches(HEX_COLOUR, { each: true, message: colourMessage })
  colours?: string[];

  @Side()
  size?: number;
}

/** `POST /api/imagegen/qr`: a QR code (error correction M), black on white, 10 px a module. */
export class QrImageRequestDto extends GeneratedImageOptionsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: IMAGEGEN_LIMITS.qrLength,
    description: 'The text the code holds, exactly as sent (as UTF-8).',
    example: 'https://shop.example.com/p/team-tee',
  })
  @ExactText(1, IMAGEGEN_LIMITS.qrLength)
  text: string;
}
