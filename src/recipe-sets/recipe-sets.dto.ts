import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidationArguments,
} from 'class-validator';
import { INT32_MAX } from '../common/validation/int32';
import { RequiredText } from '../common/validation/lenient';
import { StringRecord } from '../common/validation/records';
import { DESIGN_LIMITS, designShapeProblems } from './design-rules';
import { READABLE_ID_PATTERN } from './readable-id';
import { TEXT_ALIGNMENTS, TextAlign } from './design';
import { RECIPE_STATUSES, RecipeStatus } from './recipe-status';
import { DESIGN_EXAMPLE } from './recipe-sets.examples';

/** Text in a bundled font; (`x`, `y`) is its anchor on the first baseline, in mm. */
export class TextElementDto {
  @ApiProperty({ enum: ['text'] }) type: 'text';
  @ApiProperty({ minLength: 1, maxLength: DESIGN_LIMITS.textLength, example: 'Team Rocket' })
  text: string;
  @ApiProperty({ description: 'A font handle of GET /api/fonts.', example: 'roboto-bold' })
  font: string;
  @ApiProperty({
    minimum: DESIGN_LIMITS.minFontSize,
    maximum: DESIGN_LIMITS.maxFontSize,
    description: 'Points.',
    example: 48,
  })
  size: number;
  @ApiPropertyOptional({ pattern: '^#[0-9a-fA-F]{6}$', default: '#000000', example: '#d62828' })
  colour?: string;
  @ApiProperty({ minimum: 0, description: 'mm from the left of the print area.', example: 150 })
  x: number;
  @ApiProperty({ minimum: 0, description: 'mm from the top of the print area.', example: 80 })
  y: number;
  @ApiPropertyOptional({ minimum: -360, maximum: 360, default: 0 }) rotation?: number;
  @ApiPropertyOptional({ enum: TEXT_ALIGNMENTS, default: 'left', example: 'center' })
  align?: TextAlign;
}

/** An uploaded image in a box of `width` × `height` mm with its top-left at (`x`, `y`). */
export class ImageElementDto {
  @ApiProperty({ enum: ['image'] }) type: 'image';
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Id of POST /api/assets/uploaded.',
    example: 1,
  })
  uploadedAssetId: number;
  @ApiProperty({ minimum: 0, example: 100 }) x: number;
  @ApiProperty({ minimum: 0, example: 120 }) y: number;
  @ApiProperty({ minimum: 0.1, example: 100 }) width: number;
  @ApiProperty({ minimum: 0.1, example: 100 }) height: number;
  @ApiPropertyOptional({ minimum: -360, maximum: 360, default: 0 }) rotation?: number;
}

@ApiExtraModels(TextElementDto, ImageElementDto)
export class LocationDesignDto {
  @ApiPropertyOptional({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Absent = transparent.' })
  background?: string;

  @ApiProperty({
    type: 'array',
    maxItems: DESIGN_LIMITS.elementsPerLocation,
    items: {
      oneOf: [{ $ref: getSchemaPath(TextElementDto) }, { $ref: getSchemaPath(ImageElementDto) }],
    },
    description: 'Drawn in order (first = bottom).',
  })
  elements: (TextElementDto | ImageElementDto)[];
}

const DESIGN_SCHEMA = {
  type: 'object' as const,
  additionalProperties: { $ref: getSchemaPath(LocationDesignDto) },
  description:
    "Location handle → its design. An element's anchor (a text's anchor, an image's top-left corner) must lie within the location's print area; what extends beyond it is clipped. At most 100 elements per location and 200 in all; 10,000 characters of text.",
  example: DESIGN_EXAMPLE,
};

/** A design of the documented shape (its product's rules are checked once the product is known). */
const IsDesign = (): PropertyDecorator =>
  ValidateBy({
    name: 'isDesign',
    validator: {
      validate: (value: unknown) => designShapeProblems(value).length === 0,
      defaultMessage: (args?: ValidationArguments) =>
        designShapeProblems(args?.value).slice(0, 3).join(' ').replace(/\.$/, ''),
    },
  });

@ApiExtraModels(LocationDesignDto)
export class CreateRecipeSetDto {
  @RequiredText(64, {
    example: 'demo-tee',
    description: "Handle of a product of the caller's catalog.",
  })
  productHandle: string;

  @StringRecord({
    max: 20,
    optional: true,
    description: 'Option values; an option left out takes its first value.',
    example: { colour: 'black', size: 'M' },
  })
  options?: Record<string, string>;

  @ApiPropertyOptional(DESIGN_SCHEMA)
  @IsOptional()
  @IsDesign()
  design?: Record<string, unknown>;

  @ApiPropertyOptional({
    example: 'FAILTEE1',
    pattern: READABLE_ID_PATTERN.source,
    description:
      "Sandbox clients only (403 for others): the readable id to give the recipe set, 8 letters and digits (stored upper-case; 409 when taken) holding at least one of I, O, 0 or 1, which the service never draws (400 else: a chosen id is never one of the service's own). One starting with FAIL fails its print files (docs/api/sandbox.md).",
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @IsOptional()
  @IsString()
  @Matches(READABLE_ID_PATTERN, { message: 'readableId must be 8 letters and digits' })
  readableId?: string;
}

export class ReplaceDesignDto {
  @ApiProperty(DESIGN_SCHEMA)
  @IsDesign()
  design: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'The version this change is based on: 409 when the recipe set has moved on since.',
  })
  @IsOptional()
  @IsInt({ message: 'version must be an integer' })
  @Min(1)
  @Max(INT32_MAX)
  version?: number;
}

export class RecipeSetDto {
  @ApiProperty({ example: 'DEMTEE2A' }) readableId: string;
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ example: 'demo-tee' }) productHandle: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { colour: 'black', size: 'M' },
  })
  options: Record<string, string>;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The SKU matching the options, if any.',
    example: 'TEE-BLK-M',
  })
  sku: string | null;
  @ApiProperty(DESIGN_SCHEMA) design: Record<string, LocationDesignDto>;
  @ApiProperty({
    type: 'integer',
    description: 'Incremented on every change of the design.',
    example: 1,
  })
  version: number;
  @ApiProperty({ enum: RECIPE_STATUSES, example: 'Created' }) status: RecipeStatus;
  @ApiProperty({ format: 'date-time' }) createdDate: string;
  @ApiProperty({ format: 'date-time' }) lastModifiedDate: string;
}

export class RecipeSetEnvelopeDto {
  @ApiProperty({ type: RecipeSetDto }) data: RecipeSetDto;
}
