import { applyDecorators, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { PROBLEM_JSON, ProblemDetails } from '../common/errors/problem-details';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { AcknowledgementResultDto } from './dto/acknowledgement.dto';
import { UpdateResultDto } from './dto/update.dto';
import { LineItemLimitInterceptor } from './line-item-limit.interceptor';
import { SkuRejectedFilter } from './sku-rejected.filter';
import { UpdateRejectedFilter } from './update-rejected.filter';

const SKU_REFUSED =
  "The client's SKU policy is strict and a line item's SKU is not one its recipe set's product lists, or contradicts the design (another colour, a size the product does not have): every recipe set's status is success false, the refused ones' messages name the SKU and the reason, and nothing was stored.";

/**
 * Routes that take orders: 413 over MAX_REQUEST_LINE_ITEMS line items, before validation, and
 * SKUs refused by the strict policy as 422 with the results (see SkuRefusals). Written
 * below @Idempotent() so that it runs first (a lower decorator's interceptor runs earlier).
 */
export const TakesOrders = (
  tooLarge = 'More line items than MAX_REQUEST_LINE_ITEMS (default 10000), more distinct recipe sets than MAX_RECIPE_SETS_PER_REQUEST (default 10000), or a body over the size limit.',
) =>
  applyDecorators(
    UseInterceptors(LineItemLimitInterceptor),
    UseFilters(SkuRejectedFilter),
    ApiTextError(413, tooLarge),
  );

/**
 * Documents the 422 of the routes that take orders: SKUs refused (JSON results, `batch`: one per
 * order) or an Idempotency-Key reused (text). Written above @Idempotent(), whose 422 it replaces.
 */
export const SkuRefusals = ({ batch = false }: { batch?: boolean } = {}) => {
  const one = { $ref: getSchemaPath(AcknowledgementResultDto) };
  return ApiResponse({
    status: 422,
    description: `${SKU_REFUSED}${batch ? ' One result per order, in request order.' : ''} As text: the Idempotency-Key was already used for a different request.`,
    content: {
      'application/json': { schema: batch ? { type: 'array', items: one } : one },
      'text/plain': { schema: { type: 'string' } },
      [PROBLEM_JSON]: { schema: { $ref: getSchemaPath(ProblemDetails) } },
    },
  });
};

/** The contract of the update routes; UpdateRejected becomes the spec's 404 UpdateResult. */
export const UpdateResponses = () =>
  applyDecorators(
    UseFilters(UpdateRejectedFilter),
    ApiOkResponse({ type: UpdateResultDto, description: 'All named line items were updated.' }),
    ApiResponse({
      status: 404,
      type: UpdateResultDto,
      description: 'The order or a named line item is missing; nothing was updated.',
    }),
    ApiTextError(400, 'Invalid body.'),
  );
