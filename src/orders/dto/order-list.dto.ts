import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy, ValidationArguments } from 'class-validator';
import { canonicalEnum, parseIsoDate } from '../../common/validation/lenient';
import { shownValue } from '../../common/validation/shown-value';
import { MAX_CURSOR_LENGTH } from '../order-list-cursor';
import {
  DEFAULT_ORDER_PAGE,
  DEFAULT_ORDER_SORT,
  MAX_ORDER_PAGE,
  ORDER_SORTS,
  OrderSort,
} from '../order-list-query';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../order.enums';
import { MAX_PURCHASE_ORDER_NUMBER_LENGTH } from './acknowledgement.dto';

/**
 * The query of GET /api/orders and GET /api/orders/status-counts. Every parameter is optional; one
 * given empty (`?recipeSet=`) is as if absent, as a console's cleared field sends it. A bad value
 * is a 400 naming the parameter and the value.
 */

/** An empty (or blank) parameter is an absent one; anything else goes to `then`. */
const unlessBlank =
  (then: (value: unknown) => unknown) =>
  ({ value }: { value: unknown }): unknown =>
    typeof value === 'string' && value.trim() === '' ? undefined : then(value);

/** `<parameter> <value as given> <problem>`, for a rule's message. */
const naming =
  (problem: string) =>
  ({ property, value }: ValidationArguments): string =>
    `${property} ${shownValue(value)} ${problem}`;

/** One rule with one message: a value breaking it is named once, whatever is wrong with it. */
const Rule = (
  name: string,
  valid: (value: unknown) => boolean,
  message: (args: ValidationArguments) => string,
): PropertyDecorator =>
  ValidateBy({ name, validator: { validate: valid, defaultMessage: message } });

const isText = (max: number, pattern?: RegExp) => (value: unknown) =>
  typeof value === 'string' && [...value].length <= max && (!pattern || pattern.test(value));

const DATE_RULE =
  'ISO 8601: a date-time with any offset (none: UTC), or a date (midnight UTC). Bounds are inclusive.';

/** An instant of a range, as the project takes dates (docs/design.md §5). */
const RangeBound = (description: string, example: string): PropertyDecorator =>
  applyDecorators(
    // As ApiLenientDate's forms, with the parameter's type said: else the Swagger plugin would
    // type it from `Date` (a date-time only, which a date is not).
    ApiPropertyOptional({
      type: 'string',
      anyOf: [
        { type: 'string', format: 'date-time' },
        { type: 'string', format: 'date' },
      ],
      example,
      description: `${description} ${DATE_RULE}`,
    }),
    IsOptional(),
    Transform(unlessBlank((value) => parseIsoDate(value) ?? value)),
    Rule(
      'isoDate',
      (value) => value instanceof Date,
      naming('is not an ISO 8601 date or date-time'),
    ),
  );

const READABLE_ID = /^[A-Za-z0-9]{8}$/;
const CURSOR = /^[A-Za-z0-9_-]*$/;
/** Statuses one request may name (each at most twice, in any spelling). */
const MAX_STATUSES = WORKFLOW_STATUSES.length * 2;

/** The filters both routes take. */
export class OrderFiltersQueryDto {
  @RangeBound('Orders dated (orderDateTime) at or after this instant.', '2026-03-01')
  orderedFrom?: Date;

  @RangeBound('Orders dated at or before this instant; not before orderedFrom.', '2026-04-01')
  orderedTo?: Date;

  @RangeBound(
    'Orders last modified (lastModification) at or after this instant.',
    '2026-03-01T00:00:00Z',
  )
  modifiedFrom?: Date;

  @RangeBound(
    'Orders last modified at or before this instant; not before modifiedFrom.',
    '2026-04-01T00:00:00Z',
  )
  modifiedTo?: Date;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_PURCHASE_ORDER_NUMBER_LENGTH,
    example: 'PO-2026',
    description:
      'Orders whose purchase order number starts with this text, in the case it was acknowledged in (`PO-` does not find `po-1`). Surrounding spaces are dropped.',
  })
  @IsOptional()
  @Transform(unlessBlank((value) => (typeof value === 'string' ? value.trim() : value)))
  @Rule(
    'purchaseOrderNumberPrefix',
    isText(MAX_PURCHASE_ORDER_NUMBER_LENGTH),
    naming(
      `is not one text of at most ${MAX_PURCHASE_ORDER_NUMBER_LENGTH} characters, the most a purchase order number has`,
    ),
  )
  purchaseOrderNumber?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: READABLE_ID.source,
    example: 'DEMTEE2A',
    description:
      "Orders with a line item on this recipe set, named by its readable id (any case). A recipe set of another client's, or of none, matches no order.",
  })
  @IsOptional()
  @Transform(
    unlessBlank((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value)),
  )
  @Rule(
    'readableId',
    isText(8, READABLE_ID),
    naming('is not a recipe set readable id (8 letters and digits)'),
  )
  recipeSet?: string;

  @ApiPropertyOptional({
    type: Boolean,
    example: false,
    description:
      'true: only orders with a shipment, i.e. a tracking number recorded on one of their line items (by a ship notification, or sent with the acknowledgement); false: only orders without. Any case.',
  })
  @IsOptional()
  @Transform(
    unlessBlank((value) =>
      typeof value === 'string' && /^(true|false)$/i.test(value.trim())
        ? value.trim().toLowerCase() === 'true'
        : value,
    ),
  )
  @Rule('boolean', (value) => typeof value === 'boolean', naming('must be true or false'))
  shipped?: boolean;
}

/** The list's query: the filters, the statuses, the sort and the page. */
export class OrderListQueryDto extends OrderFiltersQueryDto {
  @ApiPropertyOptional({
    enum: WORKFLOW_STATUSES,
    isArray: true,
    maxItems: MAX_STATUSES,
    example: ['not-started'],
    description:
      'Orders with at least one line item in one of these workflow statuses (any case). Repeat the parameter (`status=on-hold&status=revision`) or separate them with commas (`status=on-hold,revision`).',
  })
  @IsOptional()
  @Transform(
    unlessBlank((value) =>
      (Array.isArray(value) ? value : [value]).flatMap((v: unknown) =>
        typeof v === 'string'
          ? v
              .split(',')
              .filter((s) => s.trim() !== '')
              .map((s) => canonicalEnum(WORKFLOW_STATUSES, s))
          : [v],
      ),
    ),
  )
  @Rule(
    'workflowStatuses',
    (value) =>
      Array.isArray(value) &&
      value.length <= MAX_STATUSES &&
      value.every((v) => WORKFLOW_STATUSES.includes(v as string)),
    ({ value }) => {
      const list = value as unknown[];
      const wrong = list.find((v) => !WORKFLOW_STATUSES.includes(v as string));
      return wrong === undefined
        ? `status names ${list.length} statuses; at most ${MAX_STATUSES} are taken`
        : `status ${shownValue(wrong)} is not a workflow status: one of ${WORKFLOW_STATUSES.join(', ')}`;
    },
  )
  status?: WorkflowStatus[];

  @ApiPropertyOptional({
    enum: ORDER_SORTS,
    default: DEFAULT_ORDER_SORT,
    example: DEFAULT_ORDER_SORT,
    description:
      'The order of the list: by orderDate (orderDateTime), lastModified (lastModification) or purchaseOrderNumber (by character code: digits, then upper case, then lower case), descending with a leading `-`. Orders with the same value come in a fixed order of their own, so pages never skip or repeat one. Any case.',
  })
  @IsOptional()
  @Transform(unlessBlank((value) => canonicalEnum(ORDER_SORTS, value)))
  @Rule(
    'sort',
    (value) => ORDER_SORTS.includes(value as OrderSort),
    naming(`is not a sort: one of ${ORDER_SORTS.join(', ')}`),
  )
  sort?: OrderSort;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_ORDER_PAGE,
    default: DEFAULT_ORDER_PAGE,
    example: DEFAULT_ORDER_PAGE,
    description: `Orders per page, at most ${MAX_ORDER_PAGE}.`,
  })
  @IsOptional()
  @Transform(
    unlessBlank((value) =>
      typeof value === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(value) ? Number(value) : value,
    ),
  )
  @Rule(
    'pageLimit',
    (value) =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ORDER_PAGE,
    (args) =>
      Number.isInteger(args.value) && (args.value as number) > MAX_ORDER_PAGE
        ? naming(`is over ${MAX_ORDER_PAGE}, the most orders a page holds`)(args)
        : naming(`must be an integer from 1 to ${MAX_ORDER_PAGE}`)(args),
  )
  limit?: number;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[A-Za-z0-9_-]*$',
    maxLength: MAX_CURSOR_LENGTH,
    example:
      'eyJ2IjoxLCJzIjoiLW9yZGVyRGF0ZSIsImYiOiJYbjRHSHBQVjdxZGJXNWJ0IiwiayI6IjIwMjYtMDMtMzBUMDg6MDA6MDAuMDAwMDAwWiIsImkiOiI2YzFkMGYwZS0yZjRiLTRmMzktOWIzOC0zZDhkMmIwYzhhMTEifQ',
    description:
      'The nextCursor of the previous page, unchanged: the page after it. Send the same sort and filters as that page: a cursor of another sort or other filters is 400 (`cursor does not match…`). Omitted: the first page.',
  })
  @IsOptional()
  @Transform(unlessBlank((value) => value))
  @Rule('cursor', isText(MAX_CURSOR_LENGTH, CURSOR), naming('is not a cursor of this list'))
  cursor?: string;
}
