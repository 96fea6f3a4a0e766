import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches, MinLength, ValidateIf } from 'class-validator';
import { ApiLenientInt } from '../../common/openapi/lenient-schemas';
import { LenientInt, LenientString, OptionalText } from '../../common/validation/lenient';
import { LOCALE_SCHEMA_PATTERN, MODERATION_LIMITS } from './moderation-request.dto';
import { INT32_MAX, INT32_MIN } from '../../common/validation/int32';

export const WORD_MAX_LENGTH = 100;
/** Some letter or digit (the API takes any; the document names the common ones). */
const WORD_SCHEMA_PATTERN = '[0-9A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F]';
export const LABEL_MAX_LENGTH = 200;

const Locale = (required: boolean): PropertyDecorator =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: String,
      maxLength: MODERATION_LIMITS.localeLength,
      pattern: LOCALE_SCHEMA_PATTERN,
      example: 'de',
      description: 'A language tag; only its language counts (`de-CH` is `de`).',
    }),
    ...(required ? [] : [IsOptional()]),
    LenientString(MODERATION_LIMITS.localeLength),
    Matches(new RegExp(LOCALE_SCHEMA_PATTERN), {
      message: '$property must be a language tag such as de or de-CH',
    }),
  );

export class WordInputDto {
  @Locale(true)
  locale: string;

  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: WORD_MAX_LENGTH,
    pattern: WORD_SCHEMA_PATTERN,
    example: 'Dummkopf',
    description:
      'A word or phrase, matched as whole words in any case and without diacritics; stored that way (`dummkopf`).',
  })
  @LenientString(WORD_MAX_LENGTH)
  @MinLength(1, { message: '$property must not be empty' })
  word: string;
}

export class WordsQueryDto {
  @Locale(false)
  locale?: string;
}

export class WordDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'de' })
  locale: string;

  @ApiProperty({ example: 'dummkopf' })
  word: string;

  @ApiProperty({ example: '2026-11-23T20:15:00.000Z' })
  createdDate: string;
}

export class WordListDto {
  @ApiProperty({ type: [WordDto], description: "The client's own words, oldest first." })
  data: WordDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { en: 13, de: 10, fr: 8, es: 8, nl: 7 },
    description: 'How many words the built-in list of each language has (always checked too).',
  })
  builtInCounts: Record<string, number>;
}

export class BlockedHashInputDto {
  @ApiPropertyOptional({
    type: String,
    pattern: '^[0-9A-Fa-f]{16}$',
    example: 'f0e4c2d7c8b0a1f3',
    description: 'A dHash (16 hex digits), e.g. the `hash` of a machine moderation answer.',
  })
  @ValidateIf((o: { hash?: unknown }) => o.hash !== undefined)
  @LenientString(16)
  @Matches(/^[0-9A-Fa-f]{16}$/, { message: '$property must be 16 hexadecimal digits' })
  hash?: string;

  @ApiLenientInt({
    minimum: INT32_MIN,
    maximum: INT32_MAX,
    required: false,
    example: 19,
    description: 'An upload of the client whose image is hashed and blocked.',
  })
  // Left out, not null: null is refused as no integer.
  @ValidateIf((o: { uploadedAssetId?: unknown }) => o.uploadedAssetId !== undefined)
  @LenientInt(INT32_MIN, INT32_MAX)
  uploadedAssetId?: number;

  @OptionalText(LABEL_MAX_LENGTH, { example: 'leaked competitor logo' })
  label?: string | null;
}

export class BlockedHashDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'f0e4c2d7c8b0a1f3' })
  hash: string;

  @ApiProperty({ type: String, nullable: true, example: 'leaked competitor logo' })
  label: string | null;

  @ApiProperty({ example: '2026-11-23T20:15:00.000Z' })
  createdDate: string;
}

export class BlockedHashListDto {
  @ApiProperty({ type: [BlockedHashDto], description: 'Oldest first.' })
  data: BlockedHashDto[];
}
