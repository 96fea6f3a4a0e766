import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import {
  BLEED_MM_RANGE,
  COLOR_SPACES,
  ColorSpace,
  FILE_NAME_PLACEHOLDERS,
  FILE_NAME_TEMPLATE_MAX,
  MINIMUM_DPI_RANGE,
  PDF_STANDARDS,
  PdfStandard,
  PRINT_PROFILE_NAMES,
  PrintProfileName,
} from '../print-settings';

const oneOf = (values: readonly string[]) => ({
  message: `$property must be one of: ${values.join(', ')} (got $value)`,
});

const range = ({ min, max }: { min: number; max: number }) =>
  `$property must be from ${min} to ${max} (got $value)`;

const PLACEHOLDERS = Object.entries(FILE_NAME_PLACEHOLDERS)
  .map(([name, meaning]) => `\`{${name}}\` ${meaning}`)
  .join('; ');

const DOC = {
  pdfStandard: 'PDF/X-4 (ISO 15930-7: output intent, XMP, boxes) or a plain PDF (`none`).',
  colorSpace:
    'RGB tagged with its ICC profile, or CMYK converted through the ICC profile (images, text and shapes).',
  iccProfile:
    'A bundled profile of the colour space: `sRGB` (RGB), `FOGRA39` or `GRACoL2006` (CMYK). Given alone, it implies its colour space; a colour space given alone takes its default profile (sRGB, FOGRA39).',
  bleedMm: 'Bleed around the print area on every side of the PDF, in millimetres.',
  minimumDpi:
    'Image elements printing below this resolution get a warning in the manifest and on the specification sheet.',
  fileNameTemplate: `The files' names, without extension. Must include \`{location}\`; letters, digits, \`.\`, \`_\`, \`-\`, \`+\` and spaces besides placeholders: ${PLACEHOLDERS}. A name longer than 124 characters once its placeholders are filled is cut to 124 (128 with its extension).`,
};

/**
 * Print settings to write (`PUT`, every field optional: what is left out takes its default), or a
 * location's overrides in a product definition (what is left out is the client's).
 */
export class PrintSettingsInputDto {
  @ApiPropertyOptional({ enum: PDF_STANDARDS, description: DOC.pdfStandard })
  @IsOptional()
  @IsIn(PDF_STANDARDS, oneOf(PDF_STANDARDS))
  pdfStandard?: PdfStandard;

  @ApiPropertyOptional({ enum: COLOR_SPACES, description: DOC.colorSpace })
  @IsOptional()
  @IsIn(COLOR_SPACES, oneOf(COLOR_SPACES))
  colorSpace?: ColorSpace;

  @ApiPropertyOptional({ enum: PRINT_PROFILE_NAMES, description: DOC.iccProfile })
  @IsOptional()
  @IsIn(PRINT_PROFILE_NAMES, oneOf(PRINT_PROFILE_NAMES))
  iccProfile?: PrintProfileName;

  @ApiPropertyOptional({
    type: Number,
    minimum: BLEED_MM_RANGE.min,
    maximum: BLEED_MM_RANGE.max,
    description: DOC.bleedMm,
    example: 3,
  })
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: '$property must be a number of millimetres (got $value)' },
  )
  @Min(BLEED_MM_RANGE.min, { message: range(BLEED_MM_RANGE) })
  @Max(BLEED_MM_RANGE.max, { message: range(BLEED_MM_RANGE) })
  bleedMm?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: MINIMUM_DPI_RANGE.min,
    maximum: MINIMUM_DPI_RANGE.max,
    description: DOC.minimumDpi,
    example: 150,
  })
  @IsOptional()
  @IsInt({ message: '$property must be a whole number of dots per inch (got $value)' })
  @Min(MINIMUM_DPI_RANGE.min, { message: range(MINIMUM_DPI_RANGE) })
  @Max(MINIMUM_DPI_RANGE.max, { message: range(MINIMUM_DPI_RANGE) })
  minimumDpi?: number;

  @ApiPropertyOptional({
    type: String,
    minLength: 1,
    maxLength: FILE_NAME_TEMPLATE_MAX,
    description: DOC.fileNameTemplate,
    example: '{purchaseOrderNumber}-{readableId}-{location}',
  })
  @IsOptional()
  @IsString({ message: '$property must be a string (got $value)' })
  @Length(1, FILE_NAME_TEMPLATE_MAX, {
    message: `$property must be 1–${FILE_NAME_TEMPLATE_MAX} characters long (got "$value")`,
  })
  fileNameTemplate?: string;
}

/** A client's print settings, every field resolved. */
export class PrintSettingsDto {
  @ApiProperty({ enum: PDF_STANDARDS, description: DOC.pdfStandard, example: 'PDF/X-4' })
  pdfStandard: PdfStandard;

  @ApiProperty({ enum: COLOR_SPACES, description: DOC.colorSpace, example: 'rgb' })
  colorSpace: ColorSpace;

  @ApiProperty({ enum: PRINT_PROFILE_NAMES, description: DOC.iccProfile, example: 'sRGB' })
  iccProfile: PrintProfileName;

  @ApiProperty({ type: Number, description: DOC.bleedMm, example: 3 })
  bleedMm: number;

  @ApiProperty({ type: 'integer', description: DOC.minimumDpi, example: 150 })
  minimumDpi: number;

  @ApiProperty({
    type: String,
    description: DOC.fileNameTemplate,
    example: '{readableId}-{location}',
  })
  fileNameTemplate: string;
}

export class PrintSettingsEnvelopeDto {
  @ApiProperty({ type: PrintSettingsDto })
  data: PrintSettingsDto;
}
