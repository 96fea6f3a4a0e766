import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiLenientDate } from '../../common/openapi/lenient-schemas';
import { IsOptional, IsString } from 'class-validator';
import { EnumList } from '../../common/validation/lists';
import { LenientBoolean, LenientDate, LenientInt } from '../../common/validation/lenient';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../order.enums';

export const MAX_SEARCH_PAGE_SIZE = 500;
export const MAX_SEARCH_DAYS = 31;

export class OrderSearchDto {
  @ApiLenientDate({
    required: false,
    nullable: true,
    example: '2026-03-30',
    description: 'Required unless ignoreDateRestriction is true. Date-only means midnight UTC.',
  })
  @IsOptional()
  @LenientDate()
  lastModificationStartDate?: Date | null;

  @ApiLenientDate({ required: false, nullable: true, description: 'Default: now.' })
  @IsOptional()
  @LenientDate()
  lastModificationEndDate?: Date | null;

  @EnumList(WORKFLOW_STATUSES, {
    max: WORKFLOW_STATUSES.length * 2,
    optional: true,
    nullable: true,
    example: ['not-started'],
    description: 'Empty or absent: all.',
  })
  workflowStatuses?: WorkflowStatus[] | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: `Lifts the ${MAX_SEARCH_DAYS}-day limit; a missing start then means "from the beginning".`,
  })
  @IsOptional()
  @LenientBoolean()
  ignoreDateRestriction?: boolean | null;
}

const MAX_PAGE = 1_000_000;

/** 1-based page number (query parameter). */
const PageNumber = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 }),
    IsOptional(),
    LenientInt(1, MAX_PAGE),
  );

/** Page size (query parameter): default and maximum `max`. */
const PageSize = (max: number): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: max, default: max }),
    IsOptional(),
    LenientInt(1, max),
  );

export class PageQueryDto {
  @PageNumber()
  page?: number;

  @PageSize(MAX_SEARCH_PAGE_SIZE)
  pageSize?: number;
}

export const MAX_RECIPE_SET_PAGE_SIZE = 10_000;

export class RecipeSetPageQueryDto {
  @ApiPropertyOptional({ enum: ['Guid', 'Readable'], default: 'Guid', description: 'Any case.' })
  @IsOptional()
  @IsString()
  idType?: string;

  @PageNumber()
  page?: number;

  @PageSize(MAX_RECIPE_SET_PAGE_SIZE)
  pageSize?: number;
}
