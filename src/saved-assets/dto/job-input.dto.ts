import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, Matches, ValidateNested } from 'class-validator';
import { ApiLenientDate, ApiLenientInt } from '../../common/openapi/lenient-schemas';
import { INT32_MAX } from '../../common/validation/int32';
import {
  LenientDate,
  LenientInt,
  LenientString,
  OptionalText,
  RequiredText,
} from '../../common/validation/lenient';
import { NestedList } from '../../common/validation/lists';

/** Limits of what a provider may send for one job. */
export const JOB_LIMITS = {
  outputsPerResult: 20,
  uriLength: 2000,
  notesLength: 2000,
  referenceLength: 200,
  shortTextLength: 100,
  statusLength: 50,
  measureLength: 50,
  maxThreadCount: 10_000_000,
} as const;

export const URI_PATTERN = '^https?://\\S+$';
const URI_RULE = /^https?:\/\/\S+$/;

/** An absolute http(s) URL of at most 2,000 characters. */
const Uri = (required: boolean, example: string): PropertyDecorator =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: String,
      maxLength: JOB_LIMITS.uriLength,
      pattern: URI_PATTERN,
      example,
      ...(required ? {} : { nullable: true }),
    }),
    ...(required ? [] : [IsOptional()]),
    LenientString(JOB_LIMITS.uriLength),
    Matches(URI_RULE, { message: '$property must be an absolute http or https URL' }),
  );

/** A size as production partners write it (`{"value": "3.50n", "type": "Big Number"}`). */
export class MeasureDto {
  @RequiredText(JOB_LIMITS.measureLength, {
    example: '3.50n',
    description: 'As the provider writes it (a number is taken as its text).',
  })
  value: string;

  @RequiredText(JOB_LIMITS.measureLength, { example: 'Big Number' })
  type: string;
}

/** An optional, nullable Measure. */
const OptionalMeasure = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: MeasureDto, nullable: true, description }),
    IsOptional(),
    IsObject(),
    ValidateNested(),
    Type(() => MeasureDto),
  );

/** One file a job produced. */
export class OutputInputDto {
  @Uri(true, 'https://provider.example.com/jobs/77812/design.dst')
  uri: string;

  @ApiLenientInt({
    minimum: 1,
    maximum: INT32_MAX,
    required: false,
    nullable: true,
    example: 1043,
    description:
      'An upload of the client that holds the converted file (POST /api/assets/uploaded).',
  })
  @IsOptional()
  @LenientInt(1, INT32_MAX)
  convertedAssetId?: number | null;

  @OptionalText(JOB_LIMITS.shortTextLength, {
    example: 'dst',
    description:
      "The file's format: an extension (`dst`, `.PDF`) or MIME type of the asset formats, any case. Default: the extension of `uri`.",
  })
  assetFormat?: string | null;
}

/** What a provider reports back for a job; it replaces an earlier report whole. */
export class JobResultInputDto {
  @ApiLenientDate({
    required: false,
    nullable: true,
    example: '2026-03-30T14:05:00Z',
    description: 'Default: when the report arrives.',
  })
  @IsOptional()
  @LenientDate()
  receivedDate?: Date | null;

  @ApiLenientInt({
    minimum: 0,
    maximum: JOB_LIMITS.maxThreadCount,
    required: false,
    nullable: true,
    example: 12840,
    description: 'Stitches (embroidery).',
  })
  @IsOptional()
  @LenientInt(0, JOB_LIMITS.maxThreadCount)
  threadCount?: number | null;

  @OptionalMeasure('The width as produced.')
  actualWidth?: MeasureDto | null;

  @OptionalMeasure('The height as produced.')
  actualHeight?: MeasureDto | null;

  @NestedList(OutputInputDto, {
    max: JOB_LIMITS.outputsPerResult,
    optional: true,
    nullable: true,
    description: `At most ${JOB_LIMITS.outputsPerResult} files.`,
  })
  outputs?: OutputInputDto[] | null;
}

const OptionalResult = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: JobResultInputDto, nullable: true }),
    IsOptional(),
    IsObject(),
    ValidateNested(),
    Type(() => JobResultInputDto),
  );

/** The fields a provider may change once a job exists: what `PATCH` takes. */
export class ProductionJobUpdateDto {
  @OptionalText(JOB_LIMITS.statusLength, {
    example: 'Completed',
    description: 'As the provider names it (e.g. `Submitted`, `InProgress`, `Completed`).',
  })
  status?: string | null;

  @OptionalText(JOB_LIMITS.referenceLength, { example: 'WD-77812' })
  providerReference?: string | null;

  @OptionalText(JOB_LIMITS.notesLength, { example: 'Reduced to 9 colours.' })
  notes?: string | null;

  @Uri(false, 'https://provider.example.com/jobs/77812/specification.pdf')
  specificationUri?: string | null;

  @Uri(false, 'https://provider.example.com/jobs/77812/design.dst')
  dstUri?: string | null;

  @OptionalResult()
  result?: JobResultInputDto | null;
}

/** A new production job of a saved asset, with the spec's ProductionJob field names. */
export class ProductionJobInputDto extends ProductionJobUpdateDto {
  @RequiredText(JOB_LIMITS.shortTextLength, {
    example: 'wilcom-digitizing',
    description: "Who makes the job; the list's `service` filter matches it (any case).",
  })
  providerHandle: string;

  @OptionalText(JOB_LIMITS.referenceLength, { example: 'JOB-2026-0042' })
  reference?: string | null;

  @OptionalText(JOB_LIMITS.referenceLength, { example: 'PO-88731-1' })
  clientReference?: string | null;

  @OptionalText(JOB_LIMITS.referenceLength, { example: 'left-chest-3.5in' })
  template?: string | null;

  @OptionalText(JOB_LIMITS.shortTextLength, { example: 'Navy' })
  productColor?: string | null;

  @OptionalText(JOB_LIMITS.shortTextLength, { example: 'Left Chest' })
  placement?: string | null;

  @OptionalMeasure('The width of the placement.')
  placementWidth?: MeasureDto | null;

  @OptionalMeasure('The height of the placement.')
  placementHeight?: MeasureDto | null;

  @OptionalText(JOB_LIMITS.shortTextLength, { example: 'Standard' })
  workFlowType?: string | null;

  @OptionalText(JOB_LIMITS.statusLength, {
    example: 'Embroidery',
    description: "For example Embroidery, Print, Laser; the list's filter compares it in any case.",
  })
  embellishmentType?: string | null;
}
