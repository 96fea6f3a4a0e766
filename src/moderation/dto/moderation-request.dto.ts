import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, SchemaObject } from '@nestjs/swagger';
import { IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ApiLenientInt } from '../../common/openapi/lenient-schemas';
import {
  LenientInt,
  LenientNumber,
  LenientString,
  OptionalText,
} from '../../common/validation/lenient';
import { INT32_MAX, INT32_MIN } from '../../common/validation/int32';

/** Limits of a moderation request. */
export const MODERATION_LIMITS = {
  handleLength: 64,
  textLength: 1000,
  localeLength: 35,
  minMm: 1,
  maxMm: 10_000,
} as const;

/** A language tag: `de`, `de-CH`. */
export const LOCALE_SCHEMA_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$';
/** 1 to 9999.999 (mm) written as text. */
const MM_TEXT_PATTERN = '^0*[1-9]\\d{0,3}(\\.\\d{1,3})?$';

/** A length in millimetres: a JSON number or a numeric string. */
const Millimetres = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      example: 100,
      // null: as if left out.
      anyOf: [
        {
          type: 'number',
          minimum: MODERATION_LIMITS.minMm,
          maximum: MODERATION_LIMITS.maxMm,
          nullable: true,
        },
        { type: 'string', pattern: MM_TEXT_PATTERN, nullable: true },
      ],
    }),
    IsOptional(),
    LenientNumber(),
    Min(MODERATION_LIMITS.minMm, {
      message: `$property must be at least ${MODERATION_LIMITS.minMm}`,
    }),
    Max(MODERATION_LIMITS.maxMm, {
      message: `$property must be at most ${MODERATION_LIMITS.maxMm}`,
    }),
  );

/**
 * What both moderation routes take: the artwork (an upload of the client, or the file of a
 * multipart body), where it goes and its text. As JSON `uploadedAssetId` is required; a multipart
 * body carries the image in `file` instead.
 */
export class ModerationRequestDto {
  @ApiLenientInt({
    minimum: INT32_MIN,
    maximum: INT32_MAX,
    example: 19,
    description:
      'An upload of the calling client (POST /api/assets/uploaded). Required in a JSON body; a multipart body sends the image in `file` instead.',
  })
  // Left out, not null: null is refused as no integer.
  @ValidateIf((o: { uploadedAssetId?: unknown }) => o.uploadedAssetId !== undefined)
  @LenientInt(INT32_MIN, INT32_MAX)
  uploadedAssetId?: number;

  @OptionalText(MODERATION_LIMITS.handleLength, {
    example: 'demo-tee',
    description:
      "A product of the client's catalog: its locations give the print DPI, print area and embellishment.",
  })
  productHandle?: string | null;

  @OptionalText(MODERATION_LIMITS.handleLength, {
    example: 'front',
    description:
      'A location of the product (needs productHandle; may be left out when the product has one location).',
  })
  location?: string | null;

  @Millimetres(
    'Width of the placement in millimetres (1–10000). Without width and height, the artwork is fitted into the print area; with one, the other follows the image.',
  )
  width?: number | null;

  @Millimetres('Height of the placement in millimetres (1–10000).')
  height?: number | null;

  @OptionalText(MODERATION_LIMITS.textLength, {
    example: 'Team Falcons 2026',
    description: "Text of the design, checked against the word lists (built-in and the client's).",
  })
  text?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MODERATION_LIMITS.localeLength,
    pattern: LOCALE_SCHEMA_PATTERN,
    example: 'de',
    description:
      "Language of `text` (`de`, `de-CH`): its word list is used. Without it, every language's list.",
  })
  @IsOptional()
  @LenientString(MODERATION_LIMITS.localeLength)
  @Matches(new RegExp(LOCALE_SCHEMA_PATTERN), {
    message: '$property must be a language tag such as de or de-CH',
  })
  locale?: string | null;
}

/** The multipart form of the request: the image in `file`, the same fields as text. */
export const MODERATION_MULTIPART_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description:
        'The artwork: PNG, JPEG, WebP, GIF, TIFF or SVG (told by its content). It is checked, not stored.',
    },
    productHandle: {
      type: 'string',
      maxLength: MODERATION_LIMITS.handleLength,
      example: 'demo-tee',
    },
    location: { type: 'string', maxLength: MODERATION_LIMITS.handleLength, example: 'front' },
    width: { type: 'string', pattern: MM_TEXT_PATTERN, example: '100' },
    height: { type: 'string', pattern: MM_TEXT_PATTERN, example: '100' },
    text: { type: 'string', maxLength: MODERATION_LIMITS.textLength, example: 'Team Falcons 2026' },
    locale: {
      type: 'string',
      maxLength: MODERATION_LIMITS.localeLength,
      pattern: LOCALE_SCHEMA_PATTERN,
      example: 'de',
    },
  },
};
